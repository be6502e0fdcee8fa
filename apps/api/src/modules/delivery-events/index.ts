// The delivery-events module as other modules see it; they import nothing else of it (eslint.config.mjs).
export { startBounceMailbox, type BounceMailbox } from './bounce-mailbox';
export { outboxIdOfReturnPath, returnPathOf } from './return-path';
