import { describe, expect, it } from 'vitest';
import { saveMessage } from '../../../src/renderer/src/features/reports/save-outcome';

describe('what the list says after Save', () => {
  it('names the folder the user chose in the desktop app', () => {
    expect(saveMessage({ saved: true, path: '/home/op/trip.pdf' }, 'trip.pdf')).toBe(
      'Saved to /home/op/trip.pdf',
    );
  });

  it('says "Downloaded" with the file name when the browser took the file', () => {
    expect(saveMessage({ saved: true, path: null }, 'Trips.xlsx')).toBe('Downloaded Trips.xlsx');
    expect(saveMessage({ saved: true, path: null }, null)).toBe('Downloaded the report');
  });

  it('says when the user cancelled the dialog', () => {
    expect(saveMessage({ saved: false, path: null }, 'trip.pdf')).toBe('Save cancelled');
  });
});
