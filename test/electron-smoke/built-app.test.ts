import { builtTarget } from './support/smoke-targets';
import { describeElectronSmoke } from './support/smoke-suite';

// `electron .` on out/ as npm run build leaves it: unpacked, so Playwright's _electron reaches main too.
describeElectronSmoke('built', builtTarget());
