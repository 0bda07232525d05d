export * from './routes.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './enums.ts';
export * from './storage.ts';
export * from './schemas.ts';
export * from './auth-errors.ts';
export * from './browse.ts';
