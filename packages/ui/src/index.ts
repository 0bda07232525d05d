export { system } from './theme/system.ts';
export { UiProvider } from './theme/UiProvider.tsx';
export { COARSE_POINTER, touchTarget, touchTargetLink } from './theme/touchTargets.ts';
export { useColorMode, COLOR_MODES, type ColorMode } from './theme/colorMode.ts';
export { PageShell, type PageShellProps } from './layout/PageShell.tsx';
export { LoadingState } from './layout/LoadingState.tsx';
export { ErrorPanel, type ErrorPanelProps } from './layout/ErrorPanel.tsx';
