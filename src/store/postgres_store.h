// The PostgreSQL store, for several servers sharing one database: a small pool of libpq
// connections, each reconnecting by itself after the server comes back.
#pragma once

#include <memory>
#include <string>

#include "store/store.h"

namespace gb::store {

// Connects to `url` (a libpq connection URI) and migrates the schema (under an advisory lock, so
// servers starting together migrate once). Throws StoreError when the database cannot be reached.
std::unique_ptr<Store> open_postgres_store(const std::string& url, size_t pool_size = 4);

}  // namespace gb::store
