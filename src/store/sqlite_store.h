// The SQLite store: one file, WAL, synchronous=FULL (a commit is on disk before it returns), one
// writing connection guarded by a mutex (SQLite has one writer at a time anyway) and a few
// read-only connections for the reads (store/sqlite_readers.h).
#pragma once

#include <memory>
#include <string>

#include "store/store.h"

namespace gb::store {

// Opens (creating when absent) the SQLite database at `path` and migrates it. ":memory:" gives a
// private in-memory store. Throws StoreError.
std::unique_ptr<Store> open_sqlite_store(const std::string& path);

}  // namespace gb::store
