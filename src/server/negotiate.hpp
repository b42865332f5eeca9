// What a request accepts, read from its headers: the content coding (Accept-Encoding) and whether
// the copy it holds is still current (If-None-Match). Pure functions of header values.
//
//   Coding c = choose_coding("gzip, br;q=0.8", true);   // Coding::gzip (higher q)
//   bool same = none_match(R"(W/"ab12", "cd34")", R"("cd34")");   // true: answer 304
#pragma once

#include <string_view>

namespace gauntlet::server {

enum class Coding { identity, gzip, br };

// RFC 9110 §12.5.3: the acceptable coding with the highest q; on a tie br, then gzip, then
// identity. Without the header, or when `compressible` is false, identity. identity stays
// acceptable unless refused ("identity;q=0", or "*;q=0" without identity), and is sent anyway when
// every coding is refused: a body the client may not want beats an error page it cannot use.
Coding choose_coding(std::string_view accept_encoding, bool compressible);

// RFC 9110 §13.1.2: true when the If-None-Match list names `etag` (weak comparison: a W/ prefix on
// either side is ignored) or is "*". `etag` is quoted, e.g. "\"ab12-gz\"".
bool none_match(std::string_view if_none_match, std::string_view etag);

// The token used in Content-Encoding and the ETag suffix: "", "gzip", "br".
std::string_view coding_name(Coding c);

}  // namespace gauntlet::server
