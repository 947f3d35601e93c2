// Checked standard output (output.hpp). stdio keeps the error flag of a stream until clearerr,
// but not errno: the first failing write records its errno here, so the message says "No space
// left on device" even when the failure is only noticed at the final flush of another stream.
#include "output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "gridenum/core/errors.hpp"

namespace gridenum::cli {
namespace {
int first_errno = 0;    // errno of the first failed write to stdout (0: none seen, or unknown)
bool reported = false;  // write_stdout threw for it

std::string describe() {
  return first_errno ? std::string(std::strerror(first_errno)) : std::string("write error");
}
// std::cout's buffer (install_stdout_buffer): every write goes to stdout with fwrite, here, so
// that the errno of a write that fails is recorded when it happens. libstdc++'s own synced
// buffer writes to stdout too, but by the final check errno has long been overwritten, and the
// message could only say "write error".
class StdoutBuf : public std::streambuf {
 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override { return put(s, static_cast<std::size_t>(n)) ? n : 0; }
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    return put(&ch, 1) ? c : traits_type::eof();
  }
  int sync() override {
    errno = 0;
    if (std::fflush(stdout) == 0) return 0;
    if (first_errno == 0) first_errno = errno;
    return -1;
  }

 private:
  static bool put(const char* s, std::size_t n) {
    errno = 0;
    if (std::fwrite(s, 1, n, stdout) == n && !std::ferror(stdout)) return true;
    if (first_errno == 0) first_errno = errno;
    return false;
  }
};

}  // namespace

void install_stdout_buffer() {
  static StdoutBuf buf;
  std::cout.rdbuf(&buf);
}

void write_stdout(std::string_view text) {
  if (text.empty()) return;
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::ferror(stdout)) {
    if (first_errno == 0) first_errno = errno;
    reported = true;
    throw IoError("cannot write standard output: " + describe());
  }
}

void flush_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    if (first_errno == 0) first_errno = errno;
    reported = true;
    throw IoError("cannot write standard output: " + describe());
  }
}

StdoutState finish_stdout() {
  errno = 0;
  std::cout.flush();
  const bool cout_bad = std::cout.bad();
  if (cout_bad && first_errno == 0) first_errno = errno;
  errno = 0;
  if (std::fflush(stdout) != 0 && first_errno == 0) first_errno = errno;
  StdoutState st;
  st.failed = cout_bad || std::ferror(stdout);
  st.reported = reported;
  if (st.failed) st.why = describe();
  return st;
}

}  // namespace gridenum::cli
