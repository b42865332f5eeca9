// See pretty_json.hpp for what the walk reads and why a false answer is always safe.
//
// The walk, for a container whose opener ends its line at indentation k (its elements at k + 2):
//   1. From the start of the unread elements `pos`, look at the next `piece` bytes and find, from
//      their end backwards, the last line that starts an element (a comma ends the line before
//      it). Parse the elements before it, wrapped in the container's brackets: a non-empty list of
//      whole elements, or the piece is not what the indentation claimed.
//   2. A piece that does not parse may have run past the container's end into what follows it;
//      the closing line (k spaces and the closer) then lies inside it, and the elements before
//      that line are the last piece. Otherwise the text is not valid JSON.
//   3. No element starts in the next `piece` bytes and the container does not end there: the
//      element at `pos` is larger than a piece. Its own elements are walked the same way, one
//      level down — or, for the arrays whose elements the visitor wants, it is parsed whole; a
//      scalar (a long string) is its line, parsed as one piece.
// Every step either moves `pos` forward or ends the walk, so the text is read once, in order.
#include "eventfile/pretty_json.hpp"

#include <cstring>
#include <memory>

namespace gauntlet {

namespace {

using simdjson::dom::element;

constexpr std::size_t npos = std::string_view::npos;

char closer_of(char opener) {
  return opener == '[' ? ']' : '}';
}

enum class Mode {
  top,       // the top-level object: each member to the visitor
  elements,  // an array whose elements the visitor wants, each parsed whole
  validate,  // anything else: parsed, then forgotten
};

enum class Piece { ok, invalid, stop };

class Walker {
 public:
  Walker(std::string_view text, PrettyJsonVisitor& visitor, std::size_t piece)
      : t_(text), v_(visitor), piece_(piece < 64 ? 64 : piece) {}

  bool run() {
    if (t_.empty() || t_[0] != '{') return false;
    const std::size_t after = container(0, 0, Mode::top);
    if (after == npos) return false;
    for (std::size_t i = after; i < t_.size(); ++i)
      if (t_[i] != ' ' && t_[i] != '\n' && t_[i] != '\r' && t_[i] != '\t') return false;
    return true;
  }

 private:
  // Whether the line after the newline at `nl` starts with exactly `indent` spaces.
  bool indented(std::size_t nl, int indent) const {
    const std::size_t first = nl + 1 + static_cast<std::size_t>(indent);
    if (first >= t_.size()) return false;
    for (std::size_t i = nl + 1; i < first; ++i)
      if (t_[i] != ' ') return false;
    return t_[first] != ' ';
  }

  // Whether the line after the newline at `nl` is indented by at most `indent` spaces.
  bool shallow(std::size_t nl, int indent) const {
    for (std::size_t i = nl + 1; i <= nl + 1 + static_cast<std::size_t>(indent); ++i)
      if (i >= t_.size() || t_[i] != ' ') return true;
    return false;
  }

  // The comma of the last element start in (from, to]: a line indented by `indent` whose previous
  // line ends with a comma. npos when there is none.
  std::size_t last_boundary(std::size_t from, std::size_t to, int indent) const {
    std::size_t end = to;
    while (end > from + 1) {
      const void* hit = ::memrchr(t_.data() + from + 1, '\n', end - from - 1);
      if (!hit) return npos;
      const std::size_t nl = static_cast<std::size_t>(static_cast<const char*>(hit) - t_.data());
      if (t_[nl - 1] == ',' && indented(nl, indent)) return nl - 1;
      end = nl;
    }
    return npos;
  }

  // The first newline in [from, to) after which the line is for `want` (see the callers).
  template <class Want>
  std::size_t first_line(std::size_t from, std::size_t to, Want want) const {
    for (std::size_t q = from; q < to; ++q) {
      const void* hit = std::memchr(t_.data() + q, '\n', to - q);
      if (!hit) return npos;
      q = static_cast<std::size_t>(static_cast<const char*>(hit) - t_.data());
      if (want(q)) return q;
    }
    return npos;
  }

  // The newline before the line that closes a container indented by `indent` with `closer`.
  std::size_t first_close(std::size_t from, std::size_t to, int indent, char closer) const {
    return first_line(from, to, [&](std::size_t nl) {
      return indented(nl, indent) && t_[nl + 1 + static_cast<std::size_t>(indent)] == closer;
    });
  }

  // text[b, e) wrapped in `opener` and its closer, parsed into the walk's parser.
  simdjson::simdjson_result<element> parse(char opener, std::size_t b, std::size_t e) {
    const std::size_t n = e - b + 2;
    if (capacity_ < n + simdjson::SIMDJSON_PADDING) {
      capacity_ = 2 * (n + simdjson::SIMDJSON_PADDING);
      buf_ = std::make_unique_for_overwrite<char[]>(capacity_);
    }
    buf_[0] = opener;
    std::memcpy(buf_.get() + 1, t_.data() + b, e - b);
    buf_[n - 1] = closer_of(opener);
    return parser_.parse(buf_.get(), n, false);
  }

  // The elements text[b, e) of a container opened by `opener`: a non-empty list, each given to
  // the visitor as `mode` says.
  Piece piece(char opener, std::size_t b, std::size_t e, Mode mode) {
    element doc;
    if (parse(opener, b, e).get(doc)) return Piece::invalid;
    if (opener == '{') {
      simdjson::dom::object o;
      if (doc.get_object().get(o) || o.begin() == o.end()) return Piece::invalid;
      if (mode == Mode::top)
        for (auto field : o)
          if (!v_.member(field.key, &field.value)) return Piece::stop;
      return Piece::ok;
    }
    simdjson::dom::array a;
    if (doc.get_array().get(a) || a.begin() == a.end()) return Piece::invalid;
    if (mode == Mode::elements)
      for (element x : a)
        if (!v_.element(x)) return Piece::stop;
    return Piece::ok;
  }

  // The last piece, text[b, close), then the closing line: the position after the closer.
  std::size_t finish(char opener, std::size_t b, std::size_t close, int indent, Mode mode) {
    if (piece(opener, b, close, mode) != Piece::ok) return npos;
    return close + 1 + static_cast<std::size_t>(indent) + 1;
  }

  // Reads the container whose opener, at `open`, ends its line at indentation `indent`; returns
  // the position after its closer, or npos.
  std::size_t container(std::size_t open, int indent, Mode mode) {
    const char opener = t_[open], closer = closer_of(opener);
    if (open + 1 >= t_.size() || t_[open + 1] != '\n') return npos;
    const int inner = indent + 2;
    std::size_t pos = open + 1;  // the unread elements start here, at a newline
    while (true) {
      const std::size_t target = std::min(pos + piece_, t_.size());
      if (const std::size_t cut = last_boundary(pos, target, inner); cut != npos) {
        const Piece p = piece(opener, pos, cut, mode);
        if (p == Piece::ok) {
          pos = cut + 1;
          continue;
        }
        if (p == Piece::stop) return npos;
        const std::size_t close = first_close(pos, cut, indent, closer);
        return close == npos ? npos : finish(opener, pos, close, indent, mode);
      }
      if (const std::size_t close = first_close(pos, target, indent, closer); close != npos)
        return finish(opener, pos, close, indent, mode);
      const std::size_t after = large(opener, pos, inner, mode);
      if (after == npos) return npos;
      if (t_[after] == ',') {
        pos = after + 1;
        continue;
      }
      if (t_[after] == '\n' && indented(after, indent) &&
          t_[after + 1 + static_cast<std::size_t>(indent)] == closer)
        return after + 1 + static_cast<std::size_t>(indent) + 1;
      return npos;
    }
  }

  // One element larger than a piece, on the line after the newline at `nl`, indented by `indent`,
  // in a container opened by `opener`: the position after it (its comma, or the newline before
  // the container's closing line).
  std::size_t large(char opener, std::size_t nl, int indent, Mode mode) {
    if (!indented(nl, indent)) return npos;
    const std::size_t start = nl + 1 + static_cast<std::size_t>(indent);
    if (mode == Mode::elements) {
      // Wanted whole: a container whose closing line is the first line after it no deeper than it.
      if (t_[start] != '[' && t_[start] != '{') return npos;
      const std::size_t close =
          first_line(start, t_.size(), [&](std::size_t q) { return shallow(q, indent); });
      if (close == npos || !indented(close, indent) ||
          t_[close + 1 + static_cast<std::size_t>(indent)] != closer_of(t_[start]))
        return npos;
      const std::size_t after = close + 1 + static_cast<std::size_t>(indent) + 1;
      return piece('[', nl, after, Mode::elements) == Piece::ok ? after : npos;
    }
    const void* eol_hit = std::memchr(t_.data() + start, '\n', t_.size() - start);
    if (!eol_hit) return npos;
    const std::size_t eol = static_cast<std::size_t>(static_cast<const char*>(eol_hit) - t_.data());
    const std::size_t value = eol - 1;  // a large container is opened at its line's end
    if (t_[value] != '[' && t_[value] != '{') {
      // Else a scalar (a long string, such as an exported file's checkpoint): its line, up to the
      // comma that ends it when another element follows.
      const std::size_t end = t_[eol - 1] == ',' ? eol - 1 : eol;
      return piece(opener, nl, end, mode) == Piece::ok ? end : npos;
    }
    Mode inside = Mode::validate;
    if (opener == '{') {
      // `"key": ` before the value: one member whose key the parser reads (escapes and all).
      const std::string member = "{" + std::string(t_.substr(start, value - start)) + "null}";
      element doc;
      simdjson::dom::object o;
      if (parser_.parse(member).get(doc) || doc.get_object().get(o) || o.size() != 1) return npos;
      const std::string_view key = (*o.begin()).key;
      if (mode == Mode::top) {
        if (!v_.member(key, nullptr)) return npos;
        if (v_.elements_of(key)) {
          if (t_[value] != '[') return npos;
          inside = Mode::elements;
        }
      }
    } else if (value != start) {
      return npos;  // an array's element: the opener alone on its line
    }
    return container(value, indent, inside);
  }

  std::string_view t_;
  PrettyJsonVisitor& v_;
  const std::size_t piece_;
  simdjson::dom::parser parser_;
  std::unique_ptr<char[]> buf_;  // the piece being parsed, wrapped in brackets, then the padding
  std::size_t capacity_ = 0;
};

}  // namespace

bool walk_pretty_json(std::string_view text, PrettyJsonVisitor& visitor, std::size_t piece) {
  return Walker(text, visitor, piece).run();
}

}  // namespace gauntlet
