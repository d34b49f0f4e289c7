// A mixture-of-experts all-to-all's connection records as communication libraries declare
// them: a FIFO connection aligned to 256 bytes (each rank's head and tail on their own sector
// group), a table of them, a staging block aligned to 1024 (a shared-memory swizzle atom), and
// a kernel that takes a connection by value. Alignments beyond §2.3 note D's 128 are a memory
// layout (§1.2) nvcc and NVRTC both give; a kernel's `.param .align 256` assembles. Written for
// this suite.
#pragma once
#include <cstdint>

namespace moe {

struct alignas(256) FifoConn {
    uint64_t* fifo;
    uint64_t head;
    uint64_t tail;
    int32_t peer_rank;
    uint32_t depth;
};

struct ConnTable {
    int32_t world_size;
    FifoConn send[2];
    FifoConn recv[2];
    uint32_t flags;
};

struct StageBlock {
    uint16_t expert;
    alignas(1024) float tile[8];
    uint32_t rows;
};

__global__ void drain_fifo(FifoConn conn, ConnTable* table);

} // namespace moe
