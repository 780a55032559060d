//===- format_string.h - direct3d_printf formats ----------------*- C++ -*-===//
//
// The format strings of concurrency::direct3d_printf, the kernel-side printf.
// Two sides handle a format and must agree on what it means: the plugin parses
// it at compile time, to reject what cannot be printed and to check and widen
// each argument, and the runtime prints the records the kernel wrote, on the
// host, after the launch. Both use this header. Header-only, standard library
// only (no LLVM, no Vulkan), so either side can include it.
//
// A format is C's printf format without what makes no sense for a kernel:
//   flags       - + space # 0, any order, repeats allowed
//   width       digits or *          (* takes an int argument first)
//   precision   . digits (none: 0) or .*
//   length      hh h l ll with d i u x X o; l (ignored) with f F e E g G
//   conversion  d i u x X o c (integers; c prints one char of an int),
//               f F e E g G (double), s (string), and %% (a percent sign)
// Rejected: %n (it writes through a pointer), %p, %a, %A, wide characters and
// strings (%lc, %ls), the L j z t q length modifiers, positional arguments
// (%1$d), and widths or precisions above max_field.
//
// The printing is C's own: format_one rebuilds one conversion's text and hands
// it to std::snprintf with a C value of the type that text names, so the
// output is what the host's printf prints, byte for byte. Integers are handed
// over as long long with "ll"; what an int-sized conversion would have read is
// computed first (see format_one), because on the device every integer
// argument is stored in a record as 32 or 64 bits, not as a C vararg.
//
//   parse            format -> pieces (literal text, then maybe a conversion)
//   class_of         what kind of argument a conversion takes
//   argument_count   how many arguments a parsed format takes, stars included
//   argument_classes the kind of each of those arguments, in order
//   spec_text        a conversion written back as text, for messages
//   make_arg ...     one argument's value, as the runtime read it
//   format_one       one conversion of one value, as C prints it
//   format_all       every piece with its arguments
//
//===----------------------------------------------------------------------===//
#ifndef AMPVK_FORMAT_STRING_H
#define AMPVK_FORMAT_STRING_H

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ampvk {
namespace format {

// The largest width or precision a format may write, and the largest a star
// argument takes (larger ones are clamped). C allows up to INT_MAX, but one
// damaged record must not make the host allocate gigabytes for one line.
constexpr int max_field = 4096;

// The kind of argument a conversion reads. c is an integer conversion: it
// takes an int and prints the byte it holds, as in C.
enum class arg_class { integer, floating, string };

enum class length_modifier { none, hh, h, l, ll };

struct conversion_spec {
  std::string flags;        // as written: any of "-+ #0", repeats kept
  int width = -1;           // -1: none written (or width_from_arg)
  int precision = -1;       // -1: none written (or precision_from_arg); "." alone is 0
  bool width_from_arg = false;     // "*": an int argument comes first
  bool precision_from_arg = false; // ".*": an int argument comes next
  length_modifier length = length_modifier::none;
  char conversion = 0;      // one of "diuxXocfFeEgGs"
};

// A format is a sequence of pieces: literal text (with %% already turned into
// %), then a conversion when has_spec. Text after the last conversion is a
// last piece without one.
struct piece {
  std::string literal;
  bool has_spec = false;
  conversion_spec spec;
  std::size_t offset = 0; // where spec's '%' is in the format, for diagnostics
};

// The first problem parse found: where the conversion starts (its '%'), how
// many characters it spans, and what is wrong, naming the conversion.
struct parse_error {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::string message;
};

namespace detail {

inline bool is_flag(char c) {
  return c == '-' || c == '+' || c == ' ' || c == '#' || c == '0';
}

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Includes the letters no length modifier of ours uses, so that "%Lf" or
// "%zu" is reported as a length modifier, not as an unknown conversion.
inline bool is_length_letter(char c) {
  return c == 'h' || c == 'l' || c == 'L' || c == 'j' || c == 'z' || c == 't' || c == 'q';
}

inline bool in(std::string_view set, char c) { return set.find(c) != std::string_view::npos; }

inline bool is_integer_conversion(char c) { return in("diuxXoc", c); }
inline bool is_floating_conversion(char c) { return in("fFeEgG", c); }
inline bool is_signed_conversion(char c) { return c == 'd' || c == 'i'; }

inline const char *length_text(length_modifier length) {
  switch (length) {
  case length_modifier::hh: return "hh";
  case length_modifier::h: return "h";
  case length_modifier::l: return "l";
  case length_modifier::ll: return "ll";
  case length_modifier::none: break;
  }
  return "";
}

// Format text in a message: printable ASCII as is, other bytes as \xNN, so a
// stray control byte cannot garble the diagnostic it appears in.
inline std::string shown(std::string_view text) {
  static const char hex_digits[] = "0123456789abcdef";
  std::string out;
  for (char c : text) {
    const unsigned char byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f) {
      out += c;
    } else {
      out += "\\x";
      out += hex_digits[byte >> 4];
      out += hex_digits[byte & 15];
    }
  }
  return out;
}

// Reads the digits at pos. The value saturates at max_field + 1, so "too
// large" is one comparison and a long run of digits cannot overflow.
inline int read_number(std::string_view format, std::size_t &pos) {
  int value = 0;
  for (; pos < format.size() && is_digit(format[pos]); ++pos) {
    value = value * 10 + (format[pos] - '0');
    if (value > max_field)
      value = max_field + 1;
  }
  return value;
}

// Maps the letters written between precision and conversion to a length
// modifier; false for a run we do not support ("L", "lll", "hl", "z" ...).
inline bool length_of(std::string_view letters, length_modifier &length) {
  if (letters.empty()) length = length_modifier::none;
  else if (letters == "hh") length = length_modifier::hh;
  else if (letters == "h") length = length_modifier::h;
  else if (letters == "l") length = length_modifier::l;
  else if (letters == "ll") length = length_modifier::ll;
  else return false;
  return true;
}

// Which length modifiers a conversion may take. l with a floating conversion
// is allowed and means nothing, as C says; on c and s it would mean a wide
// character or string, which the device cannot pass.
inline bool length_allowed(length_modifier length, char conversion) {
  if (length == length_modifier::none)
    return true;
  if (is_integer_conversion(conversion) && conversion != 'c')
    return true;
  return length == length_modifier::l && is_floating_conversion(conversion);
}

inline bool fail(parse_error &error, std::size_t offset, std::size_t length,
                 std::string message) {
  error.offset = offset;
  error.length = length;
  error.message = std::move(message);
  return false;
}

// Parses the conversion whose '%' is at start (not "%%", which the caller
// turns into text); on success pos is just past it.
inline bool parse_conversion(std::string_view format, std::size_t start, std::size_t &pos,
                             conversion_spec &spec, parse_error &error) {
  spec = conversion_spec{};
  pos = start + 1;
  const auto at = [&](char c) { return pos < format.size() && format[pos] == c; };

  while (pos < format.size() && is_flag(format[pos]))
    spec.flags += format[pos++];
  if (at('*')) {
    spec.width_from_arg = true;
    ++pos;
  } else if (pos < format.size() && is_digit(format[pos])) {
    spec.width = read_number(format, pos);
  }
  if (at('.')) {
    ++pos;
    if (at('*')) {
      spec.precision_from_arg = true;
      ++pos;
    } else {
      spec.precision = read_number(format, pos); // "." alone reads 0, as C says
    }
  }
  const std::size_t letters_start = pos;
  while (pos < format.size() && is_length_letter(format[pos]))
    ++pos;
  const std::string_view letters = format.substr(letters_start, pos - letters_start);

  if (pos == format.size())
    return fail(error, start, pos - start,
                "incomplete conversion '" + shown(format.substr(start)) +
                    "' at the end of the format");
  spec.conversion = format[pos++];
  const std::string text = shown(format.substr(start, pos - start));
  const std::size_t length = pos - start;

  if (spec.conversion == '%')
    return fail(error, start, length,
                "conversion '" + text +
                    "' is not supported by direct3d_printf: write '%%' for a percent sign");
  if (spec.conversion == '$')
    return fail(error, start, length,
                "positional argument in '" + text + "' is not supported by direct3d_printf");
  if (!is_integer_conversion(spec.conversion) && !is_floating_conversion(spec.conversion) &&
      spec.conversion != 's')
    return fail(error, start, length,
                "conversion '" + text + "' is not supported by direct3d_printf");
  if (!length_of(letters, spec.length))
    return fail(error, start, length,
                "length modifier '" + shown(letters) + "' in '" + text +
                    "' is not supported by direct3d_printf");
  if (!length_allowed(spec.length, spec.conversion))
    return fail(error, start, length,
                "length modifier '" + shown(letters) + "' in '" + text +
                    "' is not allowed with conversion '" + spec.conversion + "'");
  const std::string limit = std::to_string(max_field);
  if (spec.width > max_field)
    return fail(error, start, length,
                "width in '" + text + "' is larger than " + limit +
                    ", the most direct3d_printf supports");
  if (spec.precision > max_field)
    return fail(error, start, length,
                "precision in '" + text + "' is larger than " + limit +
                    ", the most direct3d_printf supports");
  return true;
}

} // namespace detail

// Splits format into pieces. On failure, out is empty and error says what and
// where; only the first problem is reported.
inline bool parse(std::string_view format, std::vector<piece> &out, parse_error &error) {
  out.clear();
  piece current;
  std::size_t pos = 0;
  while (pos < format.size()) {
    if (format[pos] != '%') {
      current.literal += format[pos++];
      continue;
    }
    if (pos + 1 < format.size() && format[pos + 1] == '%') {
      current.literal += '%';
      pos += 2;
      continue;
    }
    const std::size_t start = pos;
    if (!detail::parse_conversion(format, start, pos, current.spec, error)) {
      out.clear();
      return false;
    }
    current.has_spec = true;
    current.offset = start;
    out.push_back(std::move(current));
    current = piece{};
  }
  if (!current.literal.empty())
    out.push_back(std::move(current));
  return true;
}

// Meaningful for the conversions parse accepts.
inline arg_class class_of(const conversion_spec &spec) {
  if (detail::is_floating_conversion(spec.conversion))
    return arg_class::floating;
  if (spec.conversion == 's')
    return arg_class::string;
  return arg_class::integer;
}

// The arguments a parsed format takes, in order: for each conversion its star
// width, its star precision (both int), then its value.
inline std::vector<arg_class> argument_classes(const std::vector<piece> &pieces) {
  std::vector<arg_class> classes;
  for (const piece &p : pieces) {
    if (!p.has_spec)
      continue;
    if (p.spec.width_from_arg)
      classes.push_back(arg_class::integer);
    if (p.spec.precision_from_arg)
      classes.push_back(arg_class::integer);
    classes.push_back(class_of(p.spec));
  }
  return classes;
}

inline std::size_t argument_count(const std::vector<piece> &pieces) {
  return argument_classes(pieces).size();
}

// The conversion as a format would write it ("%-*.3lld"), for messages.
inline std::string spec_text(const conversion_spec &spec) {
  std::string text = "%" + spec.flags;
  if (spec.width_from_arg)
    text += '*';
  else if (spec.width >= 0)
    text += std::to_string(spec.width);
  if (spec.precision_from_arg)
    text += ".*";
  else if (spec.precision >= 0)
    text += "." + std::to_string(spec.precision);
  text += detail::length_text(spec.length);
  text += spec.conversion;
  return text;
}

// One argument as the runtime read it from a record. Integers keep the size
// they had on the device (bits, normally 32 or 64): how a conversion reads
// them depends on it (see format_one). Only the field of kind is used.
struct arg_value {
  enum kind_t { signed_int, unsigned_int, floating, string } kind = signed_int;
  long long i = 0;          // signed_int
  unsigned long long u = 0; // unsigned_int
  double d = 0;             // floating
  std::string s;            // string
  unsigned bits = 32;       // signed_int, unsigned_int: the argument's size
};

// Only the low `bits` bits of value count; the rest is ignored, so a runtime
// may pass a record's word without extending it first.
inline arg_value signed_arg(long long value, unsigned bits) {
  arg_value v;
  v.kind = arg_value::signed_int;
  v.i = value;
  v.bits = bits;
  return v;
}

inline arg_value unsigned_arg(unsigned long long value, unsigned bits) {
  arg_value v;
  v.kind = arg_value::unsigned_int;
  v.u = value;
  v.bits = bits;
  return v;
}

inline arg_value floating_arg(double value) {
  arg_value v;
  v.kind = arg_value::floating;
  v.d = value;
  return v;
}

inline arg_value string_arg(std::string value) {
  arg_value v;
  v.kind = arg_value::string;
  v.s = std::move(value);
  return v;
}

// The argument a C value of that type would be, sized as on Linux x86-64
// (long is 64 bits). bool, char and short promote to int and float to double,
// as they do in a call to printf.
inline arg_value make_arg(int value) { return signed_arg(value, 32); }
inline arg_value make_arg(unsigned value) { return unsigned_arg(value, 32); }
inline arg_value make_arg(long value) { return signed_arg(value, 64); }
inline arg_value make_arg(unsigned long value) { return unsigned_arg(value, 64); }
inline arg_value make_arg(long long value) { return signed_arg(value, 64); }
inline arg_value make_arg(unsigned long long value) { return unsigned_arg(value, 64); }
inline arg_value make_arg(double value) { return floating_arg(value); }
inline arg_value make_arg(const char *value) { return string_arg(value ? value : ""); }
inline arg_value make_arg(std::string value) { return string_arg(std::move(value)); }

namespace detail {

inline bool is_integer(const arg_value &value) {
  return value.kind == arg_value::signed_int || value.kind == arg_value::unsigned_int;
}

// The low `bits` bits of raw, sign- or zero-extended to 64 bits.
inline unsigned long long extend(unsigned long long raw, unsigned bits, bool is_signed) {
  if (bits == 0 || bits >= 64)
    return raw;
  const unsigned long long mask = (1ULL << bits) - 1;
  const unsigned long long low = raw & mask;
  const bool negative = is_signed && ((low >> (bits - 1)) & 1);
  return negative ? (low | ~mask) : low;
}

// An integer argument as 64 bits, extended from its own size by its own
// signedness: what the C program held before printf read it.
inline unsigned long long integer_bits(const arg_value &value) {
  const bool is_signed = value.kind == arg_value::signed_int;
  const unsigned long long raw = is_signed ? static_cast<unsigned long long>(value.i) : value.u;
  return extend(raw, value.bits, is_signed);
}

// How many bits of its argument a conversion reads. Without a length modifier
// printf reads an int; l is 64 bits on Linux, as ll; h and hh read an int and
// convert it to short or char.
inline unsigned bits_read(length_modifier length) {
  switch (length) {
  case length_modifier::hh: return 8;
  case length_modifier::h: return 16;
  case length_modifier::l:
  case length_modifier::ll: return 64;
  case length_modifier::none: break;
  }
  return 32;
}

inline int star_value(const arg_value &value) {
  return static_cast<int>(static_cast<long long>(extend(integer_bits(value), 32, true)));
}

// Only these reach snprintf: a hand-made or damaged spec must never put %n or
// anything else into the format the host's printf runs.
inline std::string safe_flags(const std::string &flags) {
  std::string out;
  for (char c : flags)
    if (is_flag(c))
      out += c;
  return out;
}

// The C format for one conversion, with the width and precision resolved:
// star values are written as numbers, a negative star width becomes the '-'
// flag and a negative star precision none, as C says; both are clamped to
// max_field.
inline std::string c_spec(const conversion_spec &spec, int star_width, int star_precision,
                          const char *length) {
  std::string flags = safe_flags(spec.flags);
  long long width = spec.width_from_arg ? star_width : spec.width;
  long long precision = spec.precision_from_arg ? star_precision : spec.precision;
  if (spec.width_from_arg && width < 0) {
    flags += '-';
    width = -width; // long long: no overflow for INT_MIN
  }
  std::string text = "%" + flags;
  if (width >= 0)
    text += std::to_string(width < max_field ? width : max_field);
  if (precision >= 0)
    text += "." + std::to_string(precision < max_field ? precision : max_field);
  text += length;
  text += spec.conversion;
  return text;
}

// snprintf twice, to size then to fill. The format is never a literal here;
// c_spec built it from checked parts, which is why the warnings are off.
#if defined(__GNUC__) // GCC and Clang
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
#endif
template <typename T> std::string c_printf(const std::string &c_format, T value) {
  const int size = std::snprintf(nullptr, 0, c_format.c_str(), value);
  if (size < 0)
    return {};
  std::string text(static_cast<std::size_t>(size) + 1, '\0');
  std::snprintf(&text[0], text.size(), c_format.c_str(), value);
  text.resize(static_cast<std::size_t>(size)); // keeps a %c of 0, a NUL byte
  return text;
}
#if defined(__GNUC__) // GCC and Clang
#pragma GCC diagnostic pop
#endif

inline std::string format_integer(const conversion_spec &spec, const arg_value &value,
                                  int star_width, int star_precision) {
  const unsigned long long held = integer_bits(value);
  if (spec.conversion == 'c')
    return c_printf(c_spec(spec, star_width, star_precision, ""),
                    static_cast<int>(static_cast<long long>(extend(held, 32, true))));
  const bool is_signed = is_signed_conversion(spec.conversion);
  const unsigned long long read = extend(held, bits_read(spec.length), is_signed);
  const std::string c_format = c_spec(spec, star_width, star_precision, "ll");
  if (is_signed)
    return c_printf(c_format, static_cast<long long>(read)); // two's complement
  return c_printf(c_format, read);
}

} // namespace detail

// One conversion of one value, exactly as the host's snprintf prints it.
// star_width and star_precision are the star arguments' values (read only
// when the spec has a star). Integers are read as the C printf would read
// them from a call where the argument had value.bits bits:
//   no length  the low 32 bits, as an int (d i) or unsigned int (u x X o)
//   h, hh      the low 16 or 8 bits, as short or char, signed for d i
//   l, ll      64 bits: a 32-bit argument is first extended by its own
//              signedness (the plugin passes it as a long long), then read as
//              long long (d i) or unsigned long long
//   c          the low 32 bits as an int, printed as one byte
// A value of the wrong kind for the conversion (a damaged record), or a spec
// parse would not accept, prints nothing.
inline std::string format_one(const conversion_spec &spec, const arg_value &value,
                              int star_width, int star_precision) {
  if (!detail::length_allowed(spec.length, spec.conversion))
    return {};
  if (detail::is_integer_conversion(spec.conversion)) {
    if (!detail::is_integer(value))
      return {};
    return detail::format_integer(spec, value, star_width, star_precision);
  }
  if (detail::is_floating_conversion(spec.conversion)) {
    if (value.kind != arg_value::floating)
      return {};
    return detail::c_printf(detail::c_spec(spec, star_width, star_precision, ""), value.d);
  }
  if (spec.conversion == 's' && value.kind == arg_value::string)
    return detail::c_printf(detail::c_spec(spec, star_width, star_precision, ""),
                            value.s.c_str());
  return {};
}

// Every piece, each conversion taking its star arguments and then its value
// from args in order. The runtime prints records it cannot fully trust: a
// conversion whose arguments are missing, or of the wrong kind, prints
// nothing, and the literal text around it is still printed.
inline std::string format_all(const std::vector<piece> &pieces,
                              const std::vector<arg_value> &args) {
  std::string out;
  std::size_t next = 0;
  const auto take = [&]() -> const arg_value * {
    return next < args.size() ? &args[next++] : nullptr;
  };
  for (const piece &p : pieces) {
    out += p.literal;
    if (!p.has_spec)
      continue;
    const arg_value *width = p.spec.width_from_arg ? take() : nullptr;
    const arg_value *precision = p.spec.precision_from_arg ? take() : nullptr;
    const arg_value *value = take();
    const bool stars_ok = (!p.spec.width_from_arg || (width && detail::is_integer(*width))) &&
                          (!p.spec.precision_from_arg ||
                           (precision && detail::is_integer(*precision)));
    if (!value || !stars_ok)
      continue;
    out += format_one(p.spec, *value, width ? detail::star_value(*width) : -1,
                      precision ? detail::star_value(*precision) : -1);
  }
  return out;
}

} // namespace format
} // namespace ampvk

#endif // AMPVK_FORMAT_STRING_H
