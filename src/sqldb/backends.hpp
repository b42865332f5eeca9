// Private to src/sqldb: the two kinds of Source that open() chooses between.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "sqldb/sqldb.hpp"

namespace gauntlet::sqldb {

std::shared_ptr<Source> open_sqlite(const std::string& path, std::string_view setup);
void backup_sqlite(const std::string& path, const std::string& dest);
std::shared_ptr<Source> open_postgresql(const std::string& url);
std::unique_ptr<Listener> listen_postgresql(const std::string& url, const std::string& channel);

}  // namespace gauntlet::sqldb
