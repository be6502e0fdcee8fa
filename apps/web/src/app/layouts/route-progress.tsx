import { Box } from '@mantine/core';
import classes from './route-progress.module.css';

/** A thin bar at the top of the window while the next screen loads. */
export function RouteProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return <Box className={classes.bar} role="progressbar" aria-label="Loading the page" />;
}
