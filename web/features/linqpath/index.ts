// LinqPath (docs/linqpath.md): the router loads its page directly; nothing of it is used elsewhere.
export { linqpathKeys } from './api/keys.ts';
