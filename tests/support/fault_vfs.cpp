#include "support/fault_vfs.hpp"

#include <sqlite3.h>

#include <atomic>
#include <cstdlib>
#include <mutex>

namespace gauntlet::testing {
namespace {

std::atomic<Fault> g_fault{Fault::none};
std::atomic<long> g_refused{0};

// Our file: the methods below, then the real VFS's file in the bytes right after it.
struct FaultFile {
  sqlite3_file base;
  sqlite3_file* real;
};

sqlite3_file* real(sqlite3_file* f) {
  return reinterpret_cast<FaultFile*>(f)->real;
}

// What a write returns while a fault is set, or SQLITE_OK to go on.
int refusal(int io_code) {
  const Fault fault = g_fault.load();
  if (fault == Fault::none) return SQLITE_OK;
  ++g_refused;
  if (fault == Fault::full) return SQLITE_FULL;
  return fault == Fault::read_only ? SQLITE_READONLY : io_code;
}

int x_close(sqlite3_file* f) {
  return real(f)->pMethods->xClose(real(f));
}
int x_read(sqlite3_file* f, void* buf, int n, sqlite3_int64 offset) {
  return real(f)->pMethods->xRead(real(f), buf, n, offset);
}
int x_write(sqlite3_file* f, const void* buf, int n, sqlite3_int64 offset) {
  if (const int rc = refusal(SQLITE_IOERR_WRITE)) return rc;
  return real(f)->pMethods->xWrite(real(f), buf, n, offset);
}
int x_truncate(sqlite3_file* f, sqlite3_int64 size) {
  if (const int rc = refusal(SQLITE_IOERR_TRUNCATE)) return rc;
  return real(f)->pMethods->xTruncate(real(f), size);
}
int x_sync(sqlite3_file* f, int flags) {
  if (const int rc = refusal(SQLITE_IOERR_FSYNC)) return rc;
  return real(f)->pMethods->xSync(real(f), flags);
}
int x_file_size(sqlite3_file* f, sqlite3_int64* size) {
  return real(f)->pMethods->xFileSize(real(f), size);
}
int x_lock(sqlite3_file* f, int level) {
  return real(f)->pMethods->xLock(real(f), level);
}
int x_unlock(sqlite3_file* f, int level) {
  return real(f)->pMethods->xUnlock(real(f), level);
}
int x_check_reserved(sqlite3_file* f, int* out) {
  return real(f)->pMethods->xCheckReservedLock(real(f), out);
}
int x_file_control(sqlite3_file* f, int op, void* arg) {
  return real(f)->pMethods->xFileControl(real(f), op, arg);
}
int x_sector_size(sqlite3_file* f) {
  return real(f)->pMethods->xSectorSize(real(f));
}
int x_device(sqlite3_file* f) {
  return real(f)->pMethods->xDeviceCharacteristics(real(f));
}
int x_shm_map(sqlite3_file* f, int region, int size, int extend, void volatile** out) {
  return real(f)->pMethods->xShmMap(real(f), region, size, extend, out);
}
int x_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
  return real(f)->pMethods->xShmLock(real(f), offset, n, flags);
}
void x_shm_barrier(sqlite3_file* f) {
  real(f)->pMethods->xShmBarrier(real(f));
}
int x_shm_unmap(sqlite3_file* f, int delete_flag) {
  return real(f)->pMethods->xShmUnmap(real(f), delete_flag);
}

// Version 2: WAL needs the shared-memory methods; no memory-mapped I/O (xFetch), so every page read
// goes through x_read.
const sqlite3_io_methods kMethods = {
    2,          x_close,       x_read,           x_write,        x_truncate,    x_sync,   x_file_size,
    x_lock,     x_unlock,      x_check_reserved, x_file_control, x_sector_size, x_device, x_shm_map,
    x_shm_lock, x_shm_barrier, x_shm_unmap,      nullptr,        nullptr};

int x_open(sqlite3_vfs* vfs, const char* name, sqlite3_file* file, int flags, int* out_flags) {
  auto* under = static_cast<sqlite3_vfs*>(vfs->pAppData);
  auto* f = reinterpret_cast<FaultFile*>(file);
  f->real = reinterpret_cast<sqlite3_file*>(f + 1);
  const int rc = under->xOpen(under, name, f->real, flags, out_flags);
  f->base.pMethods = (rc == SQLITE_OK && f->real->pMethods != nullptr) ? &kMethods : nullptr;
  return rc;
}

void register_vfs() {
  static sqlite3_vfs vfs;
  sqlite3_vfs* under = sqlite3_vfs_find(nullptr);
  if (under == nullptr) std::abort();
  vfs = *under;  // every other method is the default VFS's, which ignores the VFS pointer it is given
  vfs.zName = "gauntlet_fault";
  vfs.szOsFile = static_cast<int>(sizeof(FaultFile)) + under->szOsFile;
  vfs.pAppData = under;
  vfs.pNext = nullptr;
  vfs.xOpen = x_open;
  if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK) std::abort();
}

}  // namespace

FaultDisk::FaultDisk() {
  static std::once_flag once;
  std::call_once(once, register_vfs);
  g_fault = Fault::none;
}

FaultDisk::~FaultDisk() {
  g_fault = Fault::none;
}

void FaultDisk::set(Fault fault) {
  g_fault = fault;
}

long FaultDisk::refused() {
  return g_refused.load();
}

}  // namespace gauntlet::testing
