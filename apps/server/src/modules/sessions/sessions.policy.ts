/** An echo room has one musician: the audio client joins it in the first slot. */
export const ECHO_ROOM_PLAYER = 0;
