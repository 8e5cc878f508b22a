// The test files' setup (vitest.config.ts): the edges a test starts in its own process hash new passwords at the
// lowered cost the composition root gives the processes it starts (edge/src/config.ts, `passwordHashCost`).
import { passwordHashCost } from '../../edge/src/config';
import { setPasswordHashCost } from '../../edge/src/modules/auth/password';

setPasswordHashCost(passwordHashCost(process.env));
