// Writing a field whose value is an array of `count` items, for the games' encoders: the key,
// the brackets and the loop, with only the item left to each caller.
#pragma once

#include <string_view>

#include "core/json_writer.h"

namespace gb {

// Writes `key` and then an array of items 0..count-1 into the open object of `w`, item i written
// by write_item(i).
template <class WriteItem>
void write_array_field(JsonWriter& w, std::string_view key, int count, WriteItem write_item) {
  w.key(key);
  w.begin_array();
  for (int i = 0; i < count; ++i) write_item(i);
  w.end_array();
}

}  // namespace gb
