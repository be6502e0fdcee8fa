export { Component as default } from '../../features/answers/answer-page';
export { clientLoader } from '../route-guard';
