import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { screen, type BrowserWindow } from 'electron';
import { z } from 'zod';
import { clampOntoDisplays, defaultBounds, displayKey, type DisplayArea, type Rect } from './window-bounds';

const rectSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});
const stateSchema = z.object({
  /** Keyed by displayKey: each monitor arrangement keeps its own place (docs/architecture.md "The Electron shell"). */
  displays: z.record(z.string(), rectSchema),
  last: z.string().nullable().default(null),
});
type WindowStateFile = z.infer<typeof stateSchema>;

export interface RestoredWindowState {
  readonly bounds: Rect;
  readonly maximized: boolean;
}

function readState(file: string): WindowStateFile {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // Missing or damaged: the window opens at its default place.
  }
  return { displays: {}, last: null };
}

const displays = (): DisplayArea[] => screen.getAllDisplays();

/** Where the window opens: its place on the display it was last on, if that display is still here. */
export function restoreWindowState(file: string): RestoredWindowState {
  const state = readState(file);
  const all = displays();
  const primary: DisplayArea = screen.getPrimaryDisplay();
  const present = new Set(all.map(displayKey));
  const key = state.last && present.has(state.last) ? state.last : displayKey(primary);
  const saved = state.displays[key];
  if (!saved) return { bounds: defaultBounds(primary), maximized: false };
  return { bounds: clampOntoDisplays(saved, all, primary), maximized: saved.maximized };
}

/** Remembers the window's place per display whenever it moves, resizes or closes. */
export function trackWindowState(win: BrowserWindow, file: string): void {
  let timer: NodeJS.Timeout | null = null;
  const save = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (win.isDestroyed() || win.isMinimized()) return;
    const bounds = win.getNormalBounds();
    const key = displayKey(screen.getDisplayMatching(bounds));
    const state = readState(file);
    state.displays[key] = { ...bounds, maximized: win.isMaximized() };
    state.last = key;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    } catch {
      // Not remembering a window position is not worth interrupting anyone for.
    }
  };
  const later = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('close', save);
}
