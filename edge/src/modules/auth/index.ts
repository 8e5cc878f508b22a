/**
 * What other modules use of the auth module's SQL: its repository is its own (a lint rule, CONTRIBUTING.md "The
 * lint"). Only repository functions and types are passed on here, so importing this never loads the module's services
 * (which may import the modules that import this: an import cycle).
 */
export { deleteExpiredSessions, deleteSessionsOfUser, extendSession, findSessionUser, insertSession } from './auth.repository';
