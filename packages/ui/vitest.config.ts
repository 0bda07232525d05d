// The config every React workspace shares (jsdom, the DOM setup, time-outs).
import { componentTestConfig } from './src/testing/componentTestConfig.ts';

export default componentTestConfig();
