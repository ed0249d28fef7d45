// A counted place among the server's open connections, released when the connection ends.
#pragma once

#include <atomic>
#include <cstddef>
#include <utility>

namespace gb::server {

class ConnectionSlot {
 public:
  // Counts one more open connection in `open` (which must outlive the slot).
  explicit ConnectionSlot(std::atomic<size_t>& open) : open_(&open) {
    open_->fetch_add(1, std::memory_order_relaxed);
  }
  ConnectionSlot(ConnectionSlot&& other) noexcept : open_(std::exchange(other.open_, nullptr)) {}
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(ConnectionSlot&&) = delete;
  ~ConnectionSlot() {
    if (open_ != nullptr) open_->fetch_sub(1, std::memory_order_relaxed);
  }

 private:
  std::atomic<size_t>* open_;
};

}  // namespace gb::server
