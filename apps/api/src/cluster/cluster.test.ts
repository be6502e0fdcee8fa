/**
 * `npm run test:cluster`: the portal as a cluster (fixture.ts) proven under faults, each proof
 * printing one line of figures. One file, so the cluster starts once; the proofs run in this order
 * and share it: the mail proofs use the clients the bulk run of the request proofs creates.
 */
import { describe } from 'vitest';
import { useCluster } from './fixture';
import { mailProofs } from './mail.proofs';
import { metricsProofs } from './metrics.proofs';
import { requestProofs } from './requests.proofs';

describe('the cluster: three API nodes behind HAProxy', () => {
  const cluster = useCluster();
  requestProofs(cluster);
  mailProofs(cluster);
  metricsProofs(cluster);
});
