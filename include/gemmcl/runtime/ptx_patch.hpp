#pragma once
// PTX post-processing, for what NVIDIA's OpenCL compiler cannot be asked: instructions of another target
// (to_sm90a) and a register cap (with_128_registers), or both. Its compiler writes PTX for
// sm_90, and Hopper's warpgroup MMA (wgmma) exists only for sm_90a. A kernel writes such lines as "//@"
// comments inside inline asm, with every register they use as an operand, so the compiler allocates and
// keeps those registers; this step uncomments the lines and retargets the PTX, and the runtime rebuilds
// the program from the edited PTX (program_cache.hpp). Anything unexpected in the text is an error: a
// kernel built without its MMAs would compute nothing, never a silent wrong result.

#include <string>
#include <string_view>
#include <utility>

#include "../core/error.hpp"

namespace gemmcl::runtime::ptx {

inline constexpr std::string_view marker = "//@";

// A kernel that loads through tensor maps in its parameters takes their addresses (cvta.param); TMA
// reads a map only from a 64-byte boundary, and the driver aligns a 128-byte struct to 8. So each
// 128-byte parameter of such a kernel is declared aligned to 64 (the driver then lays the parameters
// out accordingly; their values are unchanged).
inline std::string with_aligned_map_parameters(std::string ptx) {
  if (ptx.find("cvta.param") == std::string::npos) return ptx;
  const std::size_t entry = ptx.find(".entry ");
  std::size_t end = entry == std::string::npos ? entry : ptx.find(')', entry);
  std::size_t changed = 0;
  for (std::size_t at = entry; at != std::string::npos && at < end; ++at) {
    at = ptx.find(".param .align ", at);
    if (at == std::string::npos || at >= end) break;
    const std::size_t number = at + 14, space = ptx.find(' ', number), line_end = ptx.find_first_of(",)", number);
    if (space == std::string::npos || line_end == std::string::npos) break;
    const std::string_view rest(ptx.data() + space, line_end - space);
    if (rest.find(".b8 ") != std::string_view::npos && rest.size() >= 5 && rest.substr(rest.size() - 5) == "[128]") {
      ptx.replace(number, space - number, "64");
      end = end + 2 - (space - number);
      ++changed;
    }
  }
  if (changed == 0)
    throw Error(ErrorCode::BuildFailed, "PTX post-processing: the kernel takes a parameter's address for TMA, but "
                                        "its PTX declares no 128-byte parameter (a tensor map) to align");
  return ptx;
}

// The sm_90a PTX of `ptx` (the driver's sm_90 text, possibly NUL-terminated).
inline std::string to_sm90a(std::string_view ptx) {
  while (!ptx.empty() && ptx.back() == '\0') ptx.remove_suffix(1);
  constexpr std::string_view target = ".target sm_90";
  const std::size_t at = ptx.find(target);
  const std::size_t after = at + target.size();
  if (at == std::string_view::npos ||
      (after < ptx.size() && ptx[after] != '\n' && ptx[after] != ',' && ptx[after] != ' '))
    throw Error(ErrorCode::BuildFailed, "PTX post-processing for sm_90a: the driver's PTX has no \".target sm_90\" "
                                        "line (it targets another architecture), so the wgmma kernel cannot be made");
  // Built by appending: the text up to the target's end, "a", the rest with every marker dropped.
  std::string out;
  out.reserve(ptx.size() + 1);
  std::size_t lines = 0;
  const auto copy = [&](std::string_view part) {
    for (std::size_t p; (p = part.find(marker)) != std::string_view::npos; part.remove_prefix(p + marker.size())) {
      out.append(part.substr(0, p));
      ++lines;
    }
    out.append(part);
  };
  copy(ptx.substr(0, after));
  out.push_back('a');
  copy(ptx.substr(after));
  if (lines == 0)
    throw Error(ErrorCode::BuildFailed, "PTX post-processing for sm_90a: no \"//@\" line in the driver's PTX (its "
                                        "compiler dropped the kernel's sm_90a instructions)");
  return with_aligned_map_parameters(std::move(out));
}

// `ptx` with its kernel limited to 128 registers per work-item (.maxnreg), so that two work-groups of
// 256 share a multiprocessor; NVIDIA's OpenCL takes no register cap of its own. The directive goes
// between the entry's parameter list and its body.
inline std::string with_128_registers(std::string_view ptx) {
  while (!ptx.empty() && ptx.back() == '\0') ptx.remove_suffix(1);
  const std::size_t entry = ptx.find(".entry ");
  const std::size_t params = entry == std::string_view::npos ? entry : ptx.find(')', entry);
  const std::size_t body = params == std::string_view::npos ? params : ptx.find('{', params);
  if (body == std::string_view::npos || ptx.find(".maxnreg") != std::string_view::npos)
    throw Error(ErrorCode::BuildFailed, "PTX post-processing (register cap): the driver's PTX has no kernel entry "
                                        "with a body, or already caps its registers");
  std::string out;
  out.reserve(ptx.size() + 16);
  out.append(ptx.substr(0, body));
  out.append(".maxnreg 128\n");
  out.append(ptx.substr(body));
  return out;
}

// Both: the sm_90a PTX of `ptx`, its kernel limited to 128 registers (wgmma variants launched two
// work-groups of 256 to a multiprocessor).
inline std::string to_sm90a_with_128_registers(std::string_view ptx) { return with_128_registers(to_sm90a(ptx)); }

}  // namespace gemmcl::runtime::ptx
