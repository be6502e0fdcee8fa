import { MyHomePage } from '../../features/homeowner/my-home-page';

export { clientLoader } from '../route-guard';

/** The homeowner's page; answers to reminders and their history will come in through its props. */
export default function MyHome() {
  return <MyHomePage />;
}
