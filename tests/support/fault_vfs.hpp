// A disk that fails on demand (issue 15 point 5): a SQLite VFS named "gauntlet_fault" wrapping the
// default one, whose writes, truncations and syncs fail while a fault is set; reads always work.
// Open a database through it with a URI, which sqldb accepts:
//
//   testing::FaultDisk disk;                                  // registers the VFS (once)
//   Store store = Store::open("file:" + path + "?vfs=gauntlet_fault");
//   disk.set(testing::Fault::full);     // every write now fails with SQLITE_FULL ("database or disk is
//   full") disk.set(testing::Fault::none);     // the disk is back
//
// One fault for every file opened through the VFS (the database, its WAL), process-wide.
#pragma once

namespace gauntlet::testing {

// read_only: every write fails with SQLITE_READONLY, as on a file the administrator made read-only
// under the running server (a test run as root cannot chmod its way there).
enum class Fault { none, full, io_error, read_only };

class FaultDisk {
 public:
  FaultDisk();   // registers the VFS the first time; the fault starts as none
  ~FaultDisk();  // sets the fault back to none
  FaultDisk(const FaultDisk&) = delete;
  FaultDisk& operator=(const FaultDisk&) = delete;
  void set(Fault fault);
  // Writes refused since the VFS was registered (a test shows the fault was hit, not avoided).
  static long refused();
};

}  // namespace gauntlet::testing
