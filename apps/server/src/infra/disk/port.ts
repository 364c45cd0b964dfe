// The data disk's room, as modules see it.
export { isOutOfSpace, type DiskRoom } from './disk-room.js';
