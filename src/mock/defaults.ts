/** The revision segment of the mock's URLs unless told otherwise. */
export const DEFAULT_MOCK_VERSION = 'next';
