/**
 * What the notification job uses of the notifications module's SQL: its repository is its own (a lint rule,
 * CONTRIBUTING.md "The lint"). Only repository functions and types are passed on here, so importing this never loads
 * the module's services (which may import the modules that import this: an import cycle).
 */
export {
  botUpdateOffset,
  markInterruptedSends,
  notificationParameters,
  pendingSendsDue,
  saveBotUpdateOffset,
  type NotificationParameters,
} from './notifications.repository';
