/** Resolved by chakraCorePlugin (../chakraCore.ts): all of @chakra-ui/react as one lazily loaded module. */
declare module 'virtual:snapshire/whole-chakra';
