// direct3d_printf's format strings (<ampvk/format_string.h>) on their own:
// every accepted format prints what the host's snprintf prints for the same
// format and C arguments, every rejected one gives its message at its offset,
// and damaged argument lists print what they can without crashing. No Vulkan,
// no runtime.
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include <ampvk/format_string.h>

using namespace ampvk::format;

namespace {

// The expected text comes from snprintf itself, with the C arguments a
// program would pass; the format is a parameter, hence the pragmas.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
#endif
template <typename... C> std::string c_snprintf(const char *format, C... args) {
  const int size = std::snprintf(nullptr, 0, format, args...);
  if (size < 0)
    return "<snprintf failed>";
  std::string text(static_cast<std::size_t>(size) + 1, '\0');
  std::snprintf(&text[0], text.size(), format, args...);
  text.resize(static_cast<std::size_t>(size));
  return text;
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

struct printf_case {
  std::string format;
  std::vector<arg_value> args;
  std::string expected;
};

void PrintTo(const printf_case &c, std::ostream *os) {
  *os << "format \"" << c.format << "\" with " << c.args.size() << " argument(s)";
}

// The kernel passed exactly the C arguments printf reads.
template <typename... C> printf_case same(const char *format, C... c) {
  return {format, {make_arg(c)...}, c_snprintf(format, c...)};
}

// The kernel's arguments, as the record holds them, differ in size from what
// printf reads: c are the C arguments of the program that prints the same.
template <typename... C>
printf_case as(const char *format, std::vector<arg_value> args, C... c) {
  return {format, std::move(args), c_snprintf(format, c...)};
}

const double nan_value = std::numeric_limits<double>::quiet_NaN();
const double inf_value = std::numeric_limits<double>::infinity();

std::vector<printf_case> printf_cases() {
  return {
      // Integers, every conversion and flag.
      same("%d", 42),
      same("%i", -42),
      same("%d", INT_MIN),
      same("%d", INT_MAX),
      same("%u", 3000000000u),
      same("%u", -1),
      same("%x", -1),
      same("%X", 0xBEEFu),
      same("%o", 8),
      same("%#o", 0),
      same("%#x", 0),
      same("%#x", 255),
      same("%#X", 255),
      same("%#o", 8),
      same("%+d", 5),
      same("% d", 5),
      same("%+ d", 5),
      same("% d", -5),
      same("%-6d|", 42),
      same("%06d", -42),
      same("%-06d|", 42),
      same("%6.3d", 7),
      same("%06.3d", 7),
      same("%.0d", 0),
      same("%#.0o", 0),
      same("%#.0x", 0),
      same("%+.0d", 0),
      same("%#08x", 0xab),
      same("%--++d", 3),
      // Length modifiers.
      same("%hhd", 300),
      same("%hhd", 200),
      same("%hhu", -1),
      same("%hhx", 0x1ff),
      same("%hd", -70000),
      same("%hu", 70000),
      same("%hx", -1),
      same("%hi", 32768),
      same("%ld", LONG_MIN),
      same("%lu", ULONG_MAX),
      same("%lx", 0x123456789abcdefL),
      same("%lld", LLONG_MIN),
      same("%lld", LLONG_MAX),
      same("%llu", ULLONG_MAX),
      same("%llx", 0x0123456789abcdefLL),
      same("%#llo", ULLONG_MAX),
      same("%lli", -1LL),
      same("%5hhd|%-5hd|", 127, -1),
      // Characters.
      same("%c", 'A'),
      same("%5c|%-5c|", 'x', 'y'),
      same("%c", 0x141),
      same("%c", -56),
      same("[%c]", 0),
      // Strings.
      same("%s", "hello"),
      same("%.3s", "abcdef"),
      same("%10s|%-10s|", "right", "left"),
      same("%.0s", "gone"),
      same("%.s", "gone too"),
      same("%8.2s|", "abcdef"),
      same("%s", ""),
      same("%s", "a\tb\n"),
      // Stars: a negative width is '-' and its size, a negative precision none.
      same("%*d", 8, 42),
      same("%*d|", -8, 42),
      same("%-*d|", -8, 42),
      same("%.*d", 5, 42),
      same("%.*d", -1, 42),
      same("%*.*f", 12, 3, 3.14159),
      same("%*.*e|", -14, -2, 2.5),
      same("%.*s", 2, "abcdef"),
      same("%.*s", -1, "whole"),
      same("%0*d", 6, -7),
      same("%*c|", -3, 'z'),
      // Floating, every conversion and flag.
      same("%f", 3.14159),
      same("%F", 1e10),
      same("%e", 123456.789),
      same("%E", -0.000123),
      same("%g", 0.0001),
      same("%g", 0.00001),
      same("%G", 1e-10),
      same("%g", 123456789.0),
      same("%g", 100000.0),
      same("%#g", 1.0),
      same("%#.0f", 2.0),
      same("%#.0e", 2.0),
      same("%+.2f", 0.0),
      same("%+.2f", -0.0),
      same("% .3e", 1.5),
      same("%010.3f", -3.5),
      same("%-10.1f|", 2.25),
      same("%.0f", 0.5),
      same("%.0f", 1.5),
      same("%.0f", 2.5),
      same("%lf", 2.5),
      same("%.10g", 1.0 / 3),
      same("%.17g", 0.1),
      same("%f", 1.5f),
      same("%.3G", 1e-5),
      // Very large and very small.
      same("%f", DBL_MAX),
      same("%e", DBL_MAX),
      same("%g", -DBL_MAX),
      same("%g", DBL_MIN),
      same("%e", std::numeric_limits<double>::denorm_min()),
      same("%.20f", 1e-300),
      same("%.40e", 1e-300),
      same("%f", 1e300),
      same("%.3e", -1e-308),
      // NaN and infinity, which ignore '0' and '#' and precision.
      same("%f", nan_value),
      same("%e", nan_value),
      same("%g", nan_value),
      same("%F", nan_value),
      same("%E", nan_value),
      same("%G", nan_value),
      same("%f", std::copysign(nan_value, -1.0)),
      same("%f", inf_value),
      same("%F", -inf_value),
      same("%e", inf_value),
      same("%E", -inf_value),
      same("%g", inf_value),
      same("%G", -inf_value),
      same("%+f", inf_value),
      same("%010.2f|", -inf_value),
      same("%-8e|", nan_value),
      // Literal text and %%.
      same("100%%"),
      same("%%d"),
      same("plain text"),
      same(""),
      same("a%%%db", 5),
      same("%s=%d (%.2f%%)\n", "x", 3, 99.5),
      same("%d %u %x %c %s %e", -1, 2u, 255, 'q', "str", 0.25),
      // Integers whose size on the device differs from what printf reads.
      // No length modifier: the low 32 bits, as an int or unsigned int.
      as("%u", {signed_arg(-1, 64)}, 4294967295u),
      as("%x", {make_arg(-1LL)}, 0xFFFFFFFFu),
      as("%d", {signed_arg(0x100000005LL, 64)}, 5),
      as("%d", {unsigned_arg(0xFFFFFFFFu, 32)}, -1),
      as("%d", {unsigned_arg(0x80000000u, 64)}, INT_MIN),
      // ll and l: a 32-bit argument is extended by its own signedness first.
      as("%lld", {signed_arg(-5, 32)}, -5LL),
      as("%llu", {signed_arg(-1, 32)}, ULLONG_MAX),
      as("%llu", {unsigned_arg(0xFFFFFFFFu, 32)}, 4294967295ULL),
      as("%lx", {signed_arg(-1, 32)}, ULONG_MAX),
      as("%lld", {unsigned_arg(0x80000000u, 32)}, 2147483648LL),
      // Bits above the argument's size are ignored.
      as("%d", {signed_arg(0x12345FFFFFFFFLL, 32)}, -1),
      as("%lld", {signed_arg(0x7FFFFFFF00000001LL, 32)}, 1LL),
      as("%u", {unsigned_arg(0xABCD00000007ULL, 32)}, 7u),
      // A star takes the low 32 bits of its argument as an int.
      as("%*d|", {signed_arg(-4, 64), make_arg(1)}, -4, 1),
  };
}

class FormatMatchesSnprintf : public ::testing::TestWithParam<printf_case> {};

TEST_P(FormatMatchesSnprintf, SameText) {
  const printf_case &c = GetParam();
  std::vector<piece> pieces;
  parse_error error;
  ASSERT_TRUE(parse(c.format, pieces, error)) << error.message;
  EXPECT_EQ(argument_count(pieces), c.args.size());
  EXPECT_EQ(format_all(pieces, c.args), c.expected) << "format \"" << c.format << '"';
}

INSTANTIATE_TEST_SUITE_P(Table, FormatMatchesSnprintf, ::testing::ValuesIn(printf_cases()));

TEST(FormatTable, CoversEveryConversionAndFlag) {
  std::string conversions, flags;
  std::size_t with_star = 0;
  for (const printf_case &c : printf_cases()) {
    std::vector<piece> pieces;
    parse_error error;
    ASSERT_TRUE(parse(c.format, pieces, error)) << c.format;
    for (const piece &p : pieces) {
      if (!p.has_spec)
        continue;
      conversions += p.spec.conversion;
      flags += p.spec.flags;
      with_star += p.spec.width_from_arg + p.spec.precision_from_arg;
    }
  }
  for (char c : std::string("diuxXocfFeEgGs"))
    EXPECT_NE(conversions.find(c), std::string::npos) << "no case for %" << c;
  for (char f : std::string("-+ #0"))
    EXPECT_NE(flags.find(f), std::string::npos) << "no case for flag '" << f << "'";
  EXPECT_GE(with_star, 10u);
  EXPECT_GE(printf_cases().size(), 60u);
}

TEST(FormatParse, PiecesAndFields) {
  std::vector<piece> pieces;
  parse_error error;
  ASSERT_TRUE(parse("a%%b%-+ #0*.*llXc%5.dtail", pieces, error)) << error.message;
  ASSERT_EQ(pieces.size(), 3u);

  EXPECT_EQ(pieces[0].literal, "a%b");
  ASSERT_TRUE(pieces[0].has_spec);
  EXPECT_EQ(pieces[0].offset, 4u);
  const conversion_spec &x = pieces[0].spec;
  EXPECT_EQ(x.flags, "-+ #0");
  EXPECT_TRUE(x.width_from_arg);
  EXPECT_TRUE(x.precision_from_arg);
  EXPECT_EQ(x.width, -1);
  EXPECT_EQ(x.precision, -1);
  EXPECT_EQ(x.length, length_modifier::ll);
  EXPECT_EQ(x.conversion, 'X');
  EXPECT_EQ(spec_text(x), "%-+ #0*.*llX");

  EXPECT_EQ(pieces[1].literal, "c");
  ASSERT_TRUE(pieces[1].has_spec);
  EXPECT_EQ(pieces[1].offset, 17u);
  const conversion_spec &d = pieces[1].spec;
  EXPECT_EQ(d.flags, "");
  EXPECT_EQ(d.width, 5);
  EXPECT_EQ(d.precision, 0); // "." alone
  EXPECT_FALSE(d.width_from_arg);
  EXPECT_FALSE(d.precision_from_arg);
  EXPECT_EQ(d.length, length_modifier::none);
  EXPECT_EQ(spec_text(d), "%5.0d");

  EXPECT_EQ(pieces[2].literal, "tail");
  EXPECT_FALSE(pieces[2].has_spec);
}

TEST(FormatParse, LiteralOnlyAndEmpty) {
  std::vector<piece> pieces;
  parse_error error;
  ASSERT_TRUE(parse("", pieces, error));
  EXPECT_TRUE(pieces.empty());
  ASSERT_TRUE(parse("%%%%", pieces, error));
  ASSERT_EQ(pieces.size(), 1u);
  EXPECT_EQ(pieces[0].literal, "%%");
  EXPECT_FALSE(pieces[0].has_spec);
}

TEST(FormatParse, LargestWidthAndPrecisionAccepted) {
  std::vector<piece> pieces;
  parse_error error;
  ASSERT_TRUE(parse("%4096.4096f", pieces, error)) << error.message;
  EXPECT_EQ(pieces[0].spec.width, max_field);
  EXPECT_EQ(pieces[0].spec.precision, max_field);
}

TEST(FormatParse, LongAndShortLengthsPerConversion) {
  std::vector<piece> pieces;
  parse_error error;
  for (const char *ok : {"%hhd", "%hi", "%lu", "%llx", "%hhX", "%lo", "%lf", "%lF", "%le", "%lE",
                         "%lg", "%lG"})
    EXPECT_TRUE(parse(ok, pieces, error)) << ok << ": " << error.message;
}

struct error_case {
  const char *format;
  std::size_t offset;
  std::size_t length;
  const char *message;
};

TEST(FormatParse, Errors) {
  const error_case cases[] = {
      {"%", 0, 1, "incomplete conversion '%' at the end of the format"},
      {"abc %-5", 4, 3, "incomplete conversion '%-5' at the end of the format"},
      {"%ll", 0, 3, "incomplete conversion '%ll' at the end of the format"},
      {"x%.*", 1, 3, "incomplete conversion '%.*' at the end of the format"},
      {"%n", 0, 2, "conversion '%n' is not supported by direct3d_printf"},
      {"%p", 0, 2, "conversion '%p' is not supported by direct3d_printf"},
      {"%a", 0, 2, "conversion '%a' is not supported by direct3d_printf"},
      {"%A", 0, 2, "conversion '%A' is not supported by direct3d_printf"},
      {"%y", 0, 2, "conversion '%y' is not supported by direct3d_printf"},
      {"%C", 0, 2, "conversion '%C' is not supported by direct3d_printf"},
      {"%S", 0, 2, "conversion '%S' is not supported by direct3d_printf"},
      {"%'d", 0, 2, "conversion '%'' is not supported by direct3d_printf"},
      {"%*5d", 0, 3, "conversion '%*5' is not supported by direct3d_printf"},
      {"%\x01", 0, 2, "conversion '%\\x01' is not supported by direct3d_printf"},
      {"ok %d then %-3n", 11, 4, "conversion '%-3n' is not supported by direct3d_printf"},
      {"x %5%", 2, 3,
       "conversion '%5%' is not supported by direct3d_printf: write '%%' for a percent sign"},
      {"%-%", 0, 3,
       "conversion '%-%' is not supported by direct3d_printf: write '%%' for a percent sign"},
      {"%1$d", 0, 3, "positional argument in '%1$' is not supported by direct3d_printf"},
      {"%ls", 0, 3, "length modifier 'l' in '%ls' is not allowed with conversion 's'"},
      {"%lc", 0, 3, "length modifier 'l' in '%lc' is not allowed with conversion 'c'"},
      {"%hhc", 0, 4, "length modifier 'hh' in '%hhc' is not allowed with conversion 'c'"},
      {"%hf", 0, 3, "length modifier 'h' in '%hf' is not allowed with conversion 'f'"},
      {"%llg", 0, 4, "length modifier 'll' in '%llg' is not allowed with conversion 'g'"},
      {"%hhe", 0, 4, "length modifier 'hh' in '%hhe' is not allowed with conversion 'e'"},
      {"%Lf", 0, 3, "length modifier 'L' in '%Lf' is not supported by direct3d_printf"},
      {"%jd", 0, 3, "length modifier 'j' in '%jd' is not supported by direct3d_printf"},
      {"%zu", 0, 3, "length modifier 'z' in '%zu' is not supported by direct3d_printf"},
      {"%td", 0, 3, "length modifier 't' in '%td' is not supported by direct3d_printf"},
      {"%qd", 0, 3, "length modifier 'q' in '%qd' is not supported by direct3d_printf"},
      {"%llld", 0, 5, "length modifier 'lll' in '%llld' is not supported by direct3d_printf"},
      {"%hhhd", 0, 5, "length modifier 'hhh' in '%hhhd' is not supported by direct3d_printf"},
      {"%hld", 0, 4, "length modifier 'hl' in '%hld' is not supported by direct3d_printf"},
      {"%4097d", 0, 6,
       "width in '%4097d' is larger than 4096, the most direct3d_printf supports"},
      {"%99999999999999999999d", 0, 22,
       "width in '%99999999999999999999d' is larger than 4096, the most direct3d_printf "
       "supports"},
      {"%.5000f", 0, 7,
       "precision in '%.5000f' is larger than 4096, the most direct3d_printf supports"},
  };
  for (const error_case &c : cases) {
    SCOPED_TRACE(c.format);
    std::vector<piece> pieces(1); // parse empties it on failure
    parse_error error;
    EXPECT_FALSE(parse(c.format, pieces, error));
    EXPECT_TRUE(pieces.empty());
    EXPECT_EQ(error.offset, c.offset);
    EXPECT_EQ(error.length, c.length);
    EXPECT_EQ(error.message, c.message);
  }
}

TEST(FormatParse, FirstErrorWins) {
  std::vector<piece> pieces;
  parse_error error;
  EXPECT_FALSE(parse("%d %n %p", pieces, error));
  EXPECT_EQ(error.offset, 3u);
  EXPECT_EQ(error.message, "conversion '%n' is not supported by direct3d_printf");
}

std::vector<piece> parsed(const char *format) {
  std::vector<piece> pieces;
  parse_error error;
  EXPECT_TRUE(parse(format, pieces, error)) << format << ": " << error.message;
  return pieces;
}

TEST(FormatArguments, CountsStars) {
  EXPECT_EQ(argument_count(parsed("")), 0u);
  EXPECT_EQ(argument_count(parsed("100%% plain")), 0u);
  EXPECT_EQ(argument_count(parsed("%d")), 1u);
  EXPECT_EQ(argument_count(parsed("%*d")), 2u);
  EXPECT_EQ(argument_count(parsed("%.*f")), 2u);
  EXPECT_EQ(argument_count(parsed("%*.*s%%%c")), 4u);
  EXPECT_EQ(argument_count(parsed("%d %u %x %f %s %c %*.*e")), 9u);
}

TEST(FormatArguments, ClassesInOrder) {
  const std::vector<arg_class> expected = {arg_class::integer, arg_class::integer,
                                           arg_class::floating, arg_class::string,
                                           arg_class::integer, arg_class::integer,
                                           arg_class::string};
  EXPECT_EQ(argument_classes(parsed("%*.*G %s %c %.*s")), expected);
}

TEST(FormatArguments, ClassOfEachConversion) {
  for (char c : std::string("diuxXoc")) {
    conversion_spec spec;
    spec.conversion = c;
    EXPECT_EQ(class_of(spec), arg_class::integer) << c;
  }
  for (char c : std::string("fFeEgG")) {
    conversion_spec spec;
    spec.conversion = c;
    EXPECT_EQ(class_of(spec), arg_class::floating) << c;
  }
  conversion_spec s;
  s.conversion = 's';
  EXPECT_EQ(class_of(s), arg_class::string);
}

TEST(FormatDamaged, MissingArgumentsPrintNothingButTextGoesOn) {
  const auto pieces = parsed("x=%d y=%d z=%s.\n");
  EXPECT_EQ(format_all(pieces, {make_arg(1)}), "x=1 y= z=.\n");
  EXPECT_EQ(format_all(pieces, {}), "x= y= z=.\n");
  // A star without the value after it, and a missing star.
  EXPECT_EQ(format_all(parsed("[%*d]"), {make_arg(5)}), "[]");
  EXPECT_EQ(format_all(parsed("[%.*f]"), {}), "[]");
}

TEST(FormatDamaged, WrongKindPrintsNothingAndKeepsPosition) {
  const auto pieces = parsed("%d|%f|%s|%c|");
  const std::vector<arg_value> args = {floating_arg(1.5), string_arg("x"), make_arg(7),
                                       make_arg("s")};
  EXPECT_EQ(format_all(pieces, args), "||||");
  // A star that is not an integer: its conversion prints nothing, the next
  // conversion still gets its own argument.
  EXPECT_EQ(format_all(parsed("%*d|%d"), {floating_arg(3), make_arg(1), make_arg(2)}), "|2");
}

TEST(FormatDamaged, ExtraArgumentsAreIgnored) {
  EXPECT_EQ(format_all(parsed("%d"), {make_arg(1), make_arg(2)}), "1");
}

TEST(FormatDamaged, HugeStarsAreClampedToMaxField) {
  const auto width = parsed("%*d");
  EXPECT_EQ(format_all(width, {make_arg(1000000), make_arg(1)}).size(),
            static_cast<std::size_t>(max_field));
  const std::string left = format_all(width, {make_arg(INT_MIN), make_arg(1)});
  ASSERT_EQ(left.size(), static_cast<std::size_t>(max_field));
  EXPECT_EQ(left.front(), '1'); // negative: left-justified
  EXPECT_EQ(format_all(parsed("%.*f"), {make_arg(INT_MAX), floating_arg(0.5)}).size(),
            2u + max_field);
  EXPECT_EQ(format_all(parsed("%.*d"), {make_arg(INT_MIN), make_arg(12)}), "12");
}

TEST(FormatDamaged, HandMadeSpecsNeverReachPrintfUnchecked) {
  conversion_spec spec;
  spec.conversion = 'n';
  EXPECT_EQ(format_one(spec, make_arg(1), -1, -1), "");
  spec.conversion = 'p';
  EXPECT_EQ(format_one(spec, make_arg(1), -1, -1), "");
  spec.conversion = '\0';
  EXPECT_EQ(format_one(spec, make_arg(1), -1, -1), "");
  // Flags that are not flags are dropped: "%n" must not become a conversion.
  spec.conversion = 'd';
  spec.flags = "%n-";
  EXPECT_EQ(format_one(spec, make_arg(1), -1, -1), "1");
  spec.flags = "";
  spec.width = 100000; // beyond what parse accepts
  EXPECT_EQ(format_one(spec, make_arg(1), -1, -1).size(), static_cast<std::size_t>(max_field));
  // A length modifier parse rejects for the conversion.
  conversion_spec wide;
  wide.conversion = 's';
  wide.length = length_modifier::l;
  EXPECT_EQ(format_one(wide, make_arg("x"), -1, -1), "");
}

TEST(FormatOne, CharacterZeroIsOneNulByte) {
  conversion_spec spec;
  spec.conversion = 'c';
  EXPECT_EQ(format_one(spec, make_arg(0), -1, -1), std::string(1, '\0'));
  // The 32-bit int, printed as unsigned char: 0x141 is 'A'.
  EXPECT_EQ(format_one(spec, signed_arg(0x7700000141LL, 64), -1, -1), "A");
}

TEST(FormatOne, StringStopsAtNul) {
  conversion_spec spec;
  spec.conversion = 's';
  EXPECT_EQ(format_one(spec, string_arg(std::string("ab\0cd", 5)), -1, -1), "ab");
}

TEST(FormatOne, StarsOnlyWhenTheSpecHasThem) {
  conversion_spec spec;
  spec.conversion = 'd';
  spec.width = 4;
  EXPECT_EQ(format_one(spec, make_arg(7), 10, 3), "   7");
  spec.width_from_arg = true;
  EXPECT_EQ(format_one(spec, make_arg(7), 10, 3), "         7");
  spec.precision_from_arg = true;
  EXPECT_EQ(format_one(spec, make_arg(7), -6, 3), "007   ");
}

TEST(FormatArguments, MakeArgSizes) {
  EXPECT_EQ(make_arg(1).bits, 32u);
  EXPECT_EQ(make_arg(1u).bits, 32u);
  EXPECT_EQ(make_arg(1L).bits, 64u);
  EXPECT_EQ(make_arg(1UL).bits, 64u);
  EXPECT_EQ(make_arg(1LL).bits, 64u);
  EXPECT_EQ(make_arg(static_cast<short>(-1)).kind, arg_value::signed_int);
  EXPECT_EQ(make_arg('a').bits, 32u);
  EXPECT_EQ(make_arg(1.5f).kind, arg_value::floating);
  EXPECT_EQ(make_arg(std::string("s")).s, "s");
  EXPECT_EQ(make_arg(static_cast<const char *>(nullptr)).s, "");
}

} // namespace
