// Component tests run the screens alone (no federation), with the real shared packages; the config is shared.
import { componentTestConfig } from '../packages/ui/src/testing/componentTestConfig.ts';

export default componentTestConfig();
