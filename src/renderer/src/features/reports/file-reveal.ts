import { ref, type Ref } from 'vue';
import { call } from '../../api';

/**
 * Whether "Show in folder" can work: Electron opens the OS file manager; a
 * browser tab has no folder to show. Unknown until main answers; the desktop
 * app is assumed if it cannot say.
 */
export function useCanRevealFiles(): Readonly<Ref<boolean>> {
  const can = ref(false);
  call('app.info').then(
    (info) => {
      can.value = info.shell === 'electron';
    },
    () => {
      can.value = true;
    },
  );
  return can;
}
