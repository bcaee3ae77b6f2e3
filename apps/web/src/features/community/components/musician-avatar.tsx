// The avatar is shared with the messages (a feature never imports another): it lives with the shared UI pieces.
export { MusicianAvatar, type MusicianAvatarProps } from '../../../components/ui/musician-avatar';
