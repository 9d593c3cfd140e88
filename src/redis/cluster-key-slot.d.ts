/** cluster-key-slot (ioredis' own slot function) ships no types: the key's Redis Cluster hash slot. */
declare module 'cluster-key-slot' {
  function calculateSlot(key: string | Buffer): number;
  export = calculateSlot;
}
