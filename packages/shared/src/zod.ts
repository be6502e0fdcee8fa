import { z } from 'zod';

// In a browser the rules compile no code at run time: the portal's Content-Security-Policy allows
// no eval, and zod's check for it would be reported as a violation. Every module that defines a
// rule takes `z` from here, so this runs before the first rule is made.
z.config({ jitless: 'document' in globalThis });

export { z };
