/**
 * What other modules use of the terminals module's SQL: its repository is its own (a lint rule, CONTRIBUTING.md "The
 * lint"). Only repository functions and types are passed on here, so importing this never loads the module's services
 * (which may import the modules that import this: an import cycle).
 */
export { findTerminalByIp } from './terminals.repository';
