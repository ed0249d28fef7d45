#include "store/store_sql.h"

namespace gb::store {

std::string postgres_sql(std::string_view sql) {
  std::string out(sql);
  for (char& c : out) {
    if (c == '?') c = '$';
  }
  return out;
}

std::string board_count_sql(Dialect dialect) {
  return in_dialect(dialect, "SELECT COUNT(DISTINCT name_key) " + std::string(kBoardFilter));
}

std::string board_page_sql(Dialect dialect) {
  std::string sql =
      "WITH best AS (SELECT id, name, kind, agent, score, length, seed, created_at, "
      "ROW_NUMBER() OVER (PARTITION BY name_key ORDER BY score DESC, created_at, id) AS pick " +
      std::string(kBoardFilter) +
      ") SELECT RANK() OVER (ORDER BY score DESC) AS place, id, name, kind, agent, score, length, "
      "seed, created_at FROM best WHERE pick = 1 ORDER BY score DESC, created_at, id "
      "LIMIT ?6 OFFSET ?7";
  return in_dialect(dialect, sql);
}

std::string rank_sql(Dialect dialect) {
  return in_dialect(dialect,
                    "SELECT COUNT(DISTINCT name_key) FROM runs WHERE slug = ?1 AND kind = ?2 AND "
                    "rules_version = ?3 AND hidden = 0 AND score > ?4 AND name_key <> ?5");
}

}  // namespace gb::store
