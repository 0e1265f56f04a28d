export { startLocalService, ACCOUNT_KEY, APP_KEY } from './local-service';
export type { LocalService, ReadyInfo, ReadyUser } from './local-service';
export type { LocalServiceOptions } from './options';
