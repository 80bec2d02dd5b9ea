// openapi-typescript, resolved from this folder so that it finds the TypeScript 5 it needs.
export { astToString, default } from 'openapi-typescript';
