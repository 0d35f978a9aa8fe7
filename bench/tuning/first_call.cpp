// How long a process's first Gemm<> call takes (argument checks, choice, program build or load from
// the disk cache, the product), float and double, 256^3. Run it twice with the same GEMMCL_CACHE_DIR:
// the first run builds and stores the programs, the second loads them. With PoCL, set
// POCL_KERNEL_CACHE=0 so that PoCL's own cache does not hide what gemmcl's saves.
//
//   g++ -std=c++20 -O2 -Iinclude bench/tuning/first_call.cpp -lOpenCL -o first_call
//   d=$(mktemp -d); for i in 1 2; do GEMMCL_CACHE_DIR=$d ./first_call Portable; done
#include <gemmcl/gemm.hpp>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

template <class T>
double first_call_ms(cl::Context& context, cl::CommandQueue& queue) {
  const std::size_t n = 256;
  std::vector<T> host(n * n, T(1));
  cl::Buffer a(context, CL_MEM_COPY_HOST_PTR, host.size() * sizeof(T), host.data());
  cl::Buffer c(context, CL_MEM_COPY_HOST_PTR, host.size() * sizeof(T), host.data());
  const auto start = std::chrono::steady_clock::now();
  gemmcl::Gemm<gemmcl::Element<T>>{}(queue, gemmcl::Layout::ColMajor, gemmcl::Transpose::No,
                                     gemmcl::Transpose::No, n, n, n, T(1), a, 0, n, a, 0, n, T(0), c, 0, n)
      .wait();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

int main(int argc, char** argv) {
  const std::string want = argc > 1 ? argv[1] : "";
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  for (auto& platform : platforms) {
    if (platform.getInfo<CL_PLATFORM_NAME>().find(want) == std::string::npos) continue;
    std::vector<cl::Device> devices;
    platform.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    cl::Context context(devices[0]);
    cl::CommandQueue queue(context, devices[0]);
    const double f = first_call_ms<float>(context, queue), d = first_call_ms<double>(context, queue);
    std::printf("%s: first Gemm<> call %.1f ms (float), %.1f ms (double); programs loaded from disk: %zu\n",
                devices[0].getInfo<CL_DEVICE_NAME>().c_str(), f, d,
                gemmcl::runtime::disk::settings().hits.load());
    return 0;
  }
  std::fprintf(stderr, "no platform named like %s\n", want.c_str());
  return 1;
}
