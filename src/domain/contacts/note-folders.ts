/** A note folder of the firm: notes are filed in one. */
export interface NoteFolder {
  id: string;
  name: string;
}

/** The firm's note folders; seeded notes are filed by subject. */
export const NOTE_FOLDERS: readonly NoteFolder[] = [
  { id: '5d0c1a52-3e1f-4c49-9a55-0f0e6b1c2a01', name: 'General' },
  { id: '5d0c1a52-3e1f-4c49-9a55-0f0e6b1c2a02', name: 'Business Development' },
  { id: '5d0c1a52-3e1f-4c49-9a55-0f0e6b1c2a03', name: 'Client Service' },
];

const FOLDER_OF_SUBJECT: Readonly<Record<string, number>> = {
  'Introductory meeting': 1,
  'Pitch debrief': 1,
  'Conference conversation': 1,
  'Referral discussion': 1,
  'Seminar attendance': 1,
  'Annual relationship review': 2,
  'Client feedback': 2,
  'Matter update': 2,
};

/** The folder a seeded note with this subject is filed in (General when the subject is not mapped). */
export function folderOfSubject(subject: string): NoteFolder {
  return NOTE_FOLDERS[FOLDER_OF_SUBJECT[subject] ?? 0]!;
}

/**
 * The change instant of a seeded note: its edit date at a working hour taken from its id, so seeding draws
 * no extra random numbers.
 */
export function seededChangeDate(id: string, lastEditedDate: string): string {
  const hour = 8 + (parseInt(id.slice(0, 2), 16) % 10);
  const minute = parseInt(id.slice(2, 4), 16) % 60;
  return `${lastEditedDate}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}
