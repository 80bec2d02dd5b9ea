// What streaming offers the other features: one camera's player (docs/streaming.md#the-player).

export { type PlayerProps, StreamPlayer } from './components/stream-player.tsx';
