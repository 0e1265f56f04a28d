import type { DomainHandlers } from '../ipc-handlers';
import type { NoticeBoard } from './notice-board';

export function noticeHandlers(notices: NoticeBoard): DomainHandlers<'notices'> {
  return {
    'notices.list': async () => notices.list(),
    'notices.dismiss': async ({ id }) => {
      notices.dismiss(id);
      return null;
    },
  };
}
