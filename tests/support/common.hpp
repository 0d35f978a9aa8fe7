#pragma once
// Shared by gemmcl's test programs: the device under test and the seeds (device.hpp), matrices with
// poisoned surroundings, a double-precision CPU reference and the verdict on one GEMM call. Nothing
// here uses doctest, so the oclgrind driver can use it too.

#include <gemmcl/gemm.hpp>

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "device.hpp"

namespace gt {

using gemmcl::Layout;
using gemmcl::Transpose;

// ---- Bit patterns -------------------------------------------------------------------------------------
// Elements around a matrix hold a NaN with a recognisable payload: a kernel that reads them and uses the
// value produces NaN, and one that writes them changes the bits.

template <class T>
T poison() {
  if constexpr (sizeof(T) == 2) {  // half, bfloat16
    return T::from_bits(std::is_same_v<T, gemmcl::half> ? 0x7E5D : 0x7FDD);
  } else if constexpr (std::is_same_v<T, float>) {
    const std::uint32_t bits = 0x7fc0dead;
    T v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  } else {
    const std::uint64_t bits = 0x7ff8deadbeefcafeull;
    T v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
}

template <class T>
bool same_bits(T x, T y) {
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

// ---- Element types ------------------------------------------------------------------------------------
// The 16-bit storage types (half, bfloat16) have float alpha and beta, compute in float and round
// their results once more when C is 16-bit too.
template <class T>
using scalar_of = std::conditional_t<sizeof(T) == 2, float, T>;

template <class T>
double to_double(T x) {
  if constexpr (sizeof(T) == 2)
    return static_cast<double>(static_cast<float>(x));
  else
    return static_cast<double>(x);
}
template <class T>
T from_double(double x) {
  if constexpr (sizeof(T) == 2)
    return T(static_cast<float>(x));
  else
    return static_cast<T>(x);
}
template <class T>
T quiet_nan() {
  if constexpr (sizeof(T) == 2)
    return T::from_bits(std::is_same_v<T, gemmcl::half> ? 0x7E00 : 0x7FC0);
  else
    return std::numeric_limits<T>::quiet_NaN();
}
// Storing a result in T: its relative rounding error (0 for the types products are computed in, whose
// rounding the tolerance below covers), and half the smallest subnormal (absolute, for tiny results).
template <class T>
double output_rounding() {
  if constexpr (std::is_same_v<T, gemmcl::half>) return 0x1p-11;
  if constexpr (std::is_same_v<T, gemmcl::bfloat16>) return 0x1p-8;
  return 0.0;
}
template <class T>
double output_underflow() {
  if constexpr (std::is_same_v<T, gemmcl::half>) return 0x1p-25;
  if constexpr (std::is_same_v<T, gemmcl::bfloat16>) return 0x1p-134;
  return 0.0;
}

// ---- One matrix as the caller stores it ---------------------------------------------------------------

struct View {
  Layout layout = Layout::ColMajor;
  bool trans = false;
  std::size_t rows = 0, cols = 0;  // of op(X)
  std::size_t ld = 0, offset = 0;

  std::size_t stored_rows() const { return trans ? cols : rows; }
  std::size_t stored_cols() const { return trans ? rows : cols; }
  // Elements along one stride (lead) and the number of strides (lines).
  std::size_t lead() const { return layout == Layout::ColMajor ? stored_rows() : stored_cols(); }
  std::size_t lines() const { return layout == Layout::ColMajor ? stored_cols() : stored_rows(); }
  bool empty() const { return rows == 0 || cols == 0; }
  // One past the last element of the matrix.
  std::size_t end() const { return empty() ? offset : offset + (lines() - 1) * ld + lead(); }

  // Position of op(X)(i, j) in the buffer.
  std::size_t at(std::size_t i, std::size_t j) const {
    const std::size_t r = trans ? j : i, c = trans ? i : j;
    return offset + (layout == Layout::ColMajor ? r + c * ld : r * ld + c);
  }
  // Whether a buffer position is an element of the matrix (as opposed to the gaps around it).
  bool contains(std::size_t pos) const {
    if (empty() || pos < offset) return false;
    const std::size_t q = pos - offset;
    return q / ld < lines() && q % ld < lead();
  }
};

inline View make_view(Layout layout, Transpose t, std::size_t rows, std::size_t cols, std::size_t ld_extra,
                      std::size_t offset) {
  View v;
  v.layout = layout;
  v.trans = t == Transpose::Yes;
  v.rows = rows;
  v.cols = cols;
  v.ld = std::max<std::size_t>(v.lead(), 1) + ld_extra;
  v.offset = offset;
  return v;
}

// ---- Buffers ------------------------------------------------------------------------------------------

template <class T>
cl::Buffer upload(const std::vector<T>& host, const cl::Context& context = target().context) {
  return cl::Buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * sizeof(T),
                    const_cast<T*>(host.data()));
}

template <class T>
std::vector<T> download(cl::CommandQueue& queue, const cl::Buffer& buffer, std::size_t count) {
  std::vector<T> host(count);
  queue.enqueueReadBuffer(buffer, CL_TRUE, 0, count * sizeof(T), host.data());
  return host;
}

// ---- One GEMM call and its verdict ---------------------------------------------------------------------

template <class T, class CT = T>
struct Case {
  Layout layout = Layout::ColMajor;
  Transpose ta = Transpose::No, tb = Transpose::No;
  std::size_t m = 0, n = 0, k = 0;
  scalar_of<T> alpha = 1, beta = 0;
  std::size_t a_off = 0, b_off = 0, c_off = 0;    // offsets in elements
  std::size_t a_pad = 0, b_pad = 0, c_pad = 0;    // ld minus the smallest valid ld
  std::size_t tail = 3;                           // elements after each matrix's end
  bool nan_c = false;   // C's elements are NaN; only sound with beta == 0 (BLAS: C is not read)
  bool nan_ab = false;  // A's and B's elements are NaN; only sound with alpha == 0 or k == 0
  bool null_ab = false; // A and B are null buffers; only sound with k == 0

  View a_view() const { return make_view(layout, ta, m, k, a_pad, a_off); }
  View b_view() const { return make_view(layout, tb, k, n, b_pad, b_off); }
  View c_view() const { return make_view(layout, Transpose::No, m, n, c_pad, c_off); }

  std::string describe() const {
    std::ostringstream s;
    s << (layout == Layout::ColMajor ? "ColMajor" : "RowMajor") << " op(A)=" << (ta == Transpose::Yes ? "T" : "N")
      << " op(B)=" << (tb == Transpose::Yes ? "T" : "N") << " m=" << m << " n=" << n << " k=" << k
      << " alpha=" << alpha << " beta=" << beta << " offsets=" << a_off << "/" << b_off << "/" << c_off
      << " ld=" << a_view().ld << "/" << b_view().ld << "/" << c_view().ld << (nan_c ? " C=NaN" : "")
      << (nan_ab ? " A,B=NaN" : "") << (null_ab ? " A,B=null" : "") << " seed=" << base_seed();
    return s.str();
  }
};

struct Verdict {
  bool ok = true;
  std::string detail;  // what went wrong, for the failure message
  void fail(const std::string& why) {
    ok = false;
    if (detail.size() < 2000) detail += why + "\n";
  }
};

// The bound on the error of one element of C, relative to |alpha| * sum_p |a_ip b_pj| + |beta| |c_ij|.
//
// Any summation order (vector lanes, FMA, tiles) of the k products gives an error of at most
// gamma_k = k u / (1 - k u) times the sum of their magnitudes, u = eps / 2 (Higham, Accuracy and Stability
// of Numerical Algorithms, 2nd ed., section 3.1); scaling by alpha, by beta and the final addition add
// three roundings, so the kernel is within gamma_(k+3) ~ (k + 3) u. For double data the double-precision
// reference carries an error of the same size, so together (k + 3) eps; we allow twice that. This holds
// element by element, so it also bounds the Frobenius norm of the error by the same factor times
// |alpha| ||A||_F ||B||_F + |beta| ||C0||_F. A dropped product or a wrong element exceeds it by orders of
// magnitude for the k used here.
template <class T>
double tolerance(std::size_t k) {
  return 2.0 * static_cast<double>(k + 3) * static_cast<double>(std::numeric_limits<scalar_of<T>>::epsilon());
}

// Everything a call needs: the buffers' host images as they were before the call.
template <class T, class CT = T>
struct Operands {
  View a, b, c;
  std::vector<T> a_host, b_host;
  std::vector<CT> c_host;
};

template <class T, class CT>
Operands<T, CT> make_operands(const Case<T, CT>& cs, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uniform(-1.0, 1.0);
  Operands<T, CT> o{cs.a_view(), cs.b_view(), cs.c_view(), {}, {}, {}};
  const auto fill = [&](auto& host, const View& v, bool nan_inside) {
    using X = typename std::decay_t<decltype(host)>::value_type;
    host.assign(std::max<std::size_t>(v.end() + cs.tail, 1), poison<X>());
    if (v.empty()) return;
    for (std::size_t i = 0; i < v.rows; ++i)
      for (std::size_t j = 0; j < v.cols; ++j)
        host[v.at(i, j)] = nan_inside ? quiet_nan<X>() : from_double<X>(uniform(rng));
  };
  fill(o.a_host, o.a, cs.nan_ab);
  fill(o.b_host, o.b, cs.nan_ab);
  fill(o.c_host, o.c, cs.nan_c);
  return o;
}

// Checks C after the call against the reference, and every element around C (and all of A and B)
// against its bits before the call.
// input_rounding: a relative error the product may add per term beyond float's, for inputs rounded
// before they are multiplied (TF32: 2^-10).
template <class T, class CT>
Verdict judge(const Case<T, CT>& cs, const Operands<T, CT>& o, const std::vector<T>& a_after,
              const std::vector<T>& b_after, const std::vector<CT>& c_after, double input_rounding = 0.0) {
  Verdict v;
  for (std::size_t i = 0; i < o.a_host.size(); ++i) {
    if (!same_bits(a_after[i], o.a_host[i])) {
      v.fail("A was modified at element " + std::to_string(i));
      break;
    }
  }
  for (std::size_t i = 0; i < o.b_host.size(); ++i) {
    if (!same_bits(b_after[i], o.b_host[i])) {
      v.fail("B was modified at element " + std::to_string(i));
      break;
    }
  }
  std::size_t outside_changed = 0;
  for (std::size_t pos = 0; pos < o.c_host.size(); ++pos) {
    if (o.c.contains(pos) || same_bits(c_after[pos], o.c_host[pos])) continue;
    if (++outside_changed <= 3) {
      std::ostringstream s;
      s << "C element " << pos << " outside the m x n matrix changed from " << to_double(o.c_host[pos]) << " to "
        << to_double(c_after[pos]);
      v.fail(s.str());
    }
  }
  if (outside_changed > 3) v.fail(std::to_string(outside_changed) + " elements outside C changed in all");
  if (o.c.empty()) return v;

  // Dense double copies of op(A) (m x k, row by row) and op(B) (n x k, column by column).
  const std::size_t m = cs.m, n = cs.n, k = cs.k;
  const bool product = k > 0 && cs.alpha != scalar_of<T>(0);
  const bool uses_c = cs.beta != scalar_of<T>(0);
  std::vector<double> a(product ? m * k : 0), b(product ? n * k : 0);
  double a_norm = 0, b_norm = 0, c_norm = 0;
  if (product) {
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t p = 0; p < k; ++p) {
        a[i * k + p] = to_double(o.a_host[o.a.at(i, p)]);
        a_norm += a[i * k + p] * a[i * k + p];
      }
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t p = 0; p < k; ++p) {
        b[j * k + p] = to_double(o.b_host[o.b.at(p, j)]);
        b_norm += b[j * k + p] * b[j * k + p];
      }
  }
  const double alpha = cs.alpha, beta = cs.beta, tol = tolerance<T>(k), inputs = input_rounding;
  const double rounding = output_rounding<CT>(), underflow = output_underflow<CT>();
  double err2 = 0, worst = 0, ref2 = 0;
  std::size_t bad = 0;
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      double sum = 0, mag = 0;
      if (product) {
        const double* ai = &a[i * k];
        const double* bj = &b[j * k];
        for (std::size_t p = 0; p < k; ++p) {
          sum += ai[p] * bj[p];
          mag += std::fabs(ai[p] * bj[p]);
        }
      }
      const double c0 = to_double(o.c_host[o.c.at(i, j)]);
      if (uses_c) c_norm += c0 * c0;
      const double ref = alpha * sum + (uses_c ? beta * c0 : 0.0);
      // A 16-bit C: the result is rounded once more when stored.
      const double bound = tol * (std::fabs(alpha) * mag + (uses_c ? std::fabs(beta * c0) : 0.0)) +
                           inputs * std::fabs(alpha) * mag +
                           rounding * (std::fabs(ref) + tol * std::fabs(alpha) * mag) + underflow;
      ref2 += ref * ref;
      const double got = to_double(c_after[o.c.at(i, j)]);
      const double err = std::fabs(got - ref);
      err2 += err * err;
      if (!(err <= bound)) {  // NaN fails too
        if (++bad <= 3) {
          std::ostringstream s;
          s.precision(17);
          s << "C(" << i << "," << j << ") = " << got << ", expected " << ref << " (error " << err
            << " > bound " << bound << ")";
          v.fail(s.str());
        }
        if (!(err <= worst)) worst = err;
      }
    }
  }
  if (bad > 3) v.fail(std::to_string(bad) + " elements of C out of bounds in all");
  // The norm-wise criterion: ||C - ref||_F <= tol * (|alpha| ||A||_F ||B||_F + |beta| ||C0||_F).
  const double scale = std::fabs(alpha) * std::sqrt(a_norm) * std::sqrt(b_norm) + std::fabs(beta) * std::sqrt(c_norm);
  const double stored = rounding * (std::sqrt(ref2) + tol * scale) + underflow * std::sqrt(double(m * n));
  const double rounded = inputs * std::fabs(alpha) * std::sqrt(a_norm) * std::sqrt(b_norm);
  if (!(std::sqrt(err2) <= tol * scale + stored + rounded)) {
    std::ostringstream s;
    s << "norm-wise: ||C - ref||_F = " << std::sqrt(err2) << " > " << tol << " * " << scale << " + " << stored;
    v.fail(s.str());
  }
  return v;
}

// Runs one case on `queue` with fresh random data, and judges it.
template <class G>
struct c_type_of {
  using type = typename G::value_type;
};
template <class G>
  requires requires { typename G::c_type; }
struct c_type_of<G> {
  using type = typename G::c_type;
};

template <class G>
Verdict run_case(const G& gemm, cl::CommandQueue& queue,
                 const Case<typename G::value_type, typename c_type_of<G>::type>& cs, std::mt19937_64& rng,
                 const cl::Context& context = target().context, double input_rounding = 0.0) {
  using T = typename G::value_type;
  using CT = typename c_type_of<G>::type;
  Operands<T, CT> o = make_operands(cs, rng);
  cl::Buffer a = cs.null_ab ? cl::Buffer() : upload(o.a_host, context);
  cl::Buffer b = cs.null_ab ? cl::Buffer() : upload(o.b_host, context);
  cl::Buffer c = upload(o.c_host, context);
  try {
    cl::Event done = gemm(queue, cs.layout, cs.ta, cs.tb, cs.m, cs.n, cs.k, cs.alpha, a, o.a.offset, o.a.ld, b,
                          o.b.offset, o.b.ld, cs.beta, c, o.c.offset, o.c.ld);
    done.wait();
  } catch (const std::exception& e) {
    Verdict v;
    v.fail(std::string("threw: ") + e.what());
    return v;
  }
  const auto a_after = cs.null_ab ? o.a_host : download<T>(queue, a, o.a_host.size());
  const auto b_after = cs.null_ab ? o.b_host : download<T>(queue, b, o.b_host.size());
  return judge(cs, o, a_after, b_after, download<CT>(queue, c, o.c_host.size()), input_rounding);
}

// Gemm G called through enqueue, the call without an event, behind Gemm's call signature: a marker after
// it stands for the call's end (on an in-order queue it follows the call's commands; on an out-of-order
// one it waits for every command before it).
template <class G>
struct WithoutEvent : G {
  template <class... Args>
  cl::Event operator()(cl::CommandQueue& queue, Args&&... args) const {
    G::enqueue(queue, std::forward<Args>(args)...);
    cl::Event end;
    queue.enqueueMarkerWithWaitList(nullptr, &end);
    return end;
  }
};

// The eight layout x transpose combinations.
struct Combination {
  Layout layout;
  Transpose ta, tb;
};
inline constexpr Combination all_combinations[8] = {
    {Layout::ColMajor, Transpose::No, Transpose::No},   {Layout::ColMajor, Transpose::No, Transpose::Yes},
    {Layout::ColMajor, Transpose::Yes, Transpose::No},  {Layout::ColMajor, Transpose::Yes, Transpose::Yes},
    {Layout::RowMajor, Transpose::No, Transpose::No},   {Layout::RowMajor, Transpose::No, Transpose::Yes},
    {Layout::RowMajor, Transpose::Yes, Transpose::No},  {Layout::RowMajor, Transpose::Yes, Transpose::Yes},
};

// "float Tile<64,64,16> Vec<4> WorkPerThread<4,4> LocalMemory<Both> Padding<0> Prefetch<false>
//  RegisterPrefetch<false>"
inline std::string describe(const gemmcl::policy::Config& c) {
  std::ostringstream s;
  s << c.element.name << " Tile<" << c.tile_m << ","
    << c.tile_n << "," << c.tile_k << "> Vec<" << c.vec << "> WorkPerThread<" << c.wpt_m << "," << c.wpt_n
    << "> LocalMemory<" << (c.local_a && c.local_b ? "Both" : c.local_a ? "A" : c.local_b ? "B" : "None")
    << "> Padding<" << c.padding << "> Prefetch<" << (c.prefetch ? "true" : "false") << "> RegisterPrefetch<"
    << (c.register_prefetch ? "true" : "false") << ">";
  if (c.stages > 0) s << " Pipeline<" << c.stages << ">";
  return s.str();
}

}  // namespace gt
