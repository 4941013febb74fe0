/** What the client was doing: it words errors ("could not load the transcript") and prices a bare 402. */
export type Action = 'transcripts' | 'channels' | 'analysis' | 'poll' | 'ask' | 'account';
