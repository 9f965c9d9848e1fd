// Runs one kernel launch on a real NVIDIA GPU (CUDA runtime library API: the PTX is JIT-compiled
// by the driver, and no libcuda is needed to build this), from the resolved
// launch that `gpumem run --write-launch DIR` writes (DIR/launch.txt plus input .bin files), so
// that the GPU runs exactly the PTX the simulator ran. Also compares two output folders.
//
//   ptx-run run     DIR OUT    JIT-load the PTX, launch, write OUT/NAME.bin for every output
//   ptx-run compare DIR A B    compare A/NAME.bin with B/NAME.bin for every output; integers
//                              exactly, floats within a few ulps (the same PTX on both sides,
//                              only approximate instructions may differ); exit 1 on mismatch
//
// launch.txt, one item per line:
//   ptx PATH | kernel MANGLED | grid X Y Z | block X Y Z | shared BYTES
//   scalar TYPE SIZE HEXBITS | aggregate SIZE HEXBYTES | buffer NAME TYPE COUNT BYTES INPUT.bin | output NAME TYPE
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Param {
    bool isBuffer = false;
    std::string name, type;
    uint64_t bits = 0;
    size_t size = 0;       // scalar size or buffer bytes
    std::string input;     // buffer input file
    std::vector<unsigned char> bytes;  // an aggregate's bytes, in memory order
    void* device = nullptr;
};

struct Launch {
    std::string ptx, kernel;
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1}, shared = 0;
    std::vector<Param> params;
    std::vector<std::pair<std::string, std::string>> outputs;  // name, type
};

[[noreturn]] void die(const std::string& message) {
    std::fprintf(stderr, "ptx-run: %s\n", message.c_str());
    std::exit(2);
}

void check(cudaError_t r, const char* what) {
    if (r != cudaSuccess) {
        die(std::string(what) + " failed: " + cudaGetErrorName(r) + ": " + cudaGetErrorString(r));
    }
}

std::string joinPath(const std::string& dir, const std::string& name) {
    return name.size() > 0 && name[0] == '/' ? name : dir + "/" + name;
}

std::vector<char> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) die("cannot read " + path);
    return std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeFile(const std::string& path, const std::vector<char>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), (std::streamsize)bytes.size());
    if (!out) die("cannot write " + path);
}

Launch readLaunch(const std::string& dir) {
    std::ifstream in(dir + "/launch.txt");
    if (!in) die("cannot read " + dir + "/launch.txt");
    Launch l;
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        std::istringstream f(line);
        std::string key;
        if (!(f >> key)) continue;
        bool ok = true;
        if (key == "ptx") ok = bool(f >> l.ptx), l.ptx = joinPath(dir, l.ptx);
        else if (key == "kernel") ok = bool(f >> l.kernel);
        else if (key == "grid") ok = bool(f >> l.grid[0] >> l.grid[1] >> l.grid[2]);
        else if (key == "block") ok = bool(f >> l.block[0] >> l.block[1] >> l.block[2]);
        else if (key == "shared") ok = bool(f >> l.shared);
        else if (key == "scalar") {
            Param p;
            std::string hex;
            ok = bool(f >> p.type >> p.size >> hex);
            if (ok) p.bits = std::strtoull(hex.c_str(), nullptr, 16);
            ok = ok && p.size >= 1 && p.size <= 8;
            l.params.push_back(p);
        } else if (key == "aggregate") {
            Param p;
            std::string hex;
            ok = bool(f >> p.size >> hex) && p.size >= 1 && hex.size() == 2 * p.size;
            for (size_t i = 0; ok && i < p.size; i++) {
                p.bytes.push_back((unsigned char)std::strtoul(hex.substr(2 * i, 2).c_str(), nullptr, 16));
            }
            l.params.push_back(p);
        } else if (key == "buffer") {
            Param p;
            p.isBuffer = true;
            size_t count;
            ok = bool(f >> p.name >> p.type >> count >> p.size >> p.input);
            p.input = joinPath(dir, p.input);
            l.params.push_back(p);
        } else if (key == "output") {
            std::string name, type;
            ok = bool(f >> name >> type);
            l.outputs.emplace_back(name, type);
        } else ok = false;
        if (!ok) die(dir + "/launch.txt:" + std::to_string(lineNo) + ": cannot read \"" + line + "\"");
    }
    if (l.ptx.empty() || l.kernel.empty()) die(dir + "/launch.txt: ptx and kernel are required");
    return l;
}

int run(const std::string& dir, const std::string& outDir) {
    Launch l = readLaunch(dir);
    check(cudaSetDevice(0), "cudaSetDevice");
    std::vector<char> ptx = readFile(l.ptx);
    ptx.push_back('\0');
    char log[8192] = {0};
    cudaJitOption opts[] = {cudaJitErrorLogBuffer, cudaJitErrorLogBufferSizeBytes};
    void* values[] = {log, (void*)(uintptr_t)sizeof(log)};
    cudaLibrary_t library;
    cudaError_t loaded = cudaLibraryLoadData(&library, ptx.data(), opts, values, 2, nullptr, nullptr, 0);
    if (loaded != cudaSuccess) {
        die("cannot load " + l.ptx + ": " + cudaGetErrorString(loaded) + " " + log);
    }
    cudaKernel_t fn;
    check(cudaLibraryGetKernel(&fn, library, l.kernel.c_str()), "cudaLibraryGetKernel");
    if (l.shared > 48 * 1024) {
        check(cudaFuncSetAttribute((const void*)fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)l.shared),
              "cudaFuncSetAttribute");
    }
    std::vector<void*> args;
    for (Param& p : l.params) {
        if (p.isBuffer) {
            std::vector<char> init = readFile(p.input);
            if (init.size() != p.size) die(p.input + " does not hold " + std::to_string(p.size) + " bytes");
            check(cudaMalloc(&p.device, p.size), "cudaMalloc");
            check(cudaMemcpy(p.device, init.data(), p.size, cudaMemcpyHostToDevice), "cudaMemcpy to device");
            args.push_back(&p.device);
        } else if (!p.bytes.empty()) {
            args.push_back(p.bytes.data());
        } else {
            args.push_back(&p.bits);  // little-endian: the low bytes are the value
        }
    }
    check(cudaLaunchKernel((const void*)fn, dim3(l.grid[0], l.grid[1], l.grid[2]),
                           dim3(l.block[0], l.block[1], l.block[2]), args.data(), l.shared, nullptr),
          "cudaLaunchKernel");
    check(cudaDeviceSynchronize(), "kernel execution");
    for (auto& o : l.outputs) {
        for (Param& p : l.params) {
            if (p.isBuffer && p.name == o.first) {
                std::vector<char> bytes(p.size);
                check(cudaMemcpy(bytes.data(), p.device, p.size, cudaMemcpyDeviceToHost), "cudaMemcpy to host");
                writeFile(outDir + "/" + p.name + ".bin", bytes);
            }
        }
    }
    return 0;
}

template <typename F, typename I>
long long ulpDistance(F a, F b) {
    I ia, ib;
    std::memcpy(&ia, &a, sizeof a);
    std::memcpy(&ib, &b, sizeof b);
    if (ia < 0) ia = std::numeric_limits<I>::min() - ia;
    if (ib < 0) ib = std::numeric_limits<I>::min() - ib;
    long double d = (long double)ia - (long double)ib;
    return (long long)(d < 0 ? -d : d);
}

int compare(const std::string& dir, const std::string& a, const std::string& b) {
    const long long maxUlps = 4;
    Launch l = readLaunch(dir);
    int bad = 0;
    for (auto& o : l.outputs) {
        std::vector<char> x = readFile(a + "/" + o.first + ".bin"), y = readFile(b + "/" + o.first + ".bin");
        if (x.size() != y.size()) {
            std::printf("  %s: sizes differ (%zu vs %zu bytes)\n", o.first.c_str(), x.size(), y.size());
            ++bad;
            continue;
        }
        size_t mismatches = 0, exact = 0, elements = 0;
        long long worst = 0;
        if (o.second == "f32" || o.second == "f64") {
            bool f32 = o.second == "f32";
            elements = x.size() / (f32 ? 4 : 8);
            for (size_t i = 0; i < elements; i++) {
                long long d;
                bool bothNan;
                if (f32) {
                    float u, v;
                    std::memcpy(&u, &x[i * 4], 4);
                    std::memcpy(&v, &y[i * 4], 4);
                    bothNan = std::isnan(u) && std::isnan(v);
                    d = bothNan ? 0 : ulpDistance<float, int32_t>(u, v);
                } else {
                    double u, v;
                    std::memcpy(&u, &x[i * 8], 8);
                    std::memcpy(&v, &y[i * 8], 8);
                    bothNan = std::isnan(u) && std::isnan(v);
                    d = bothNan ? 0 : ulpDistance<double, int64_t>(u, v);
                }
                if (d == 0) ++exact;
                if (d > maxUlps) {
                    if (mismatches++ < 5) std::printf("  %s[%zu]: %lld ulps apart\n", o.first.c_str(), i, d);
                }
                if (d > worst) worst = d;
            }
        } else {
            elements = x.size();
            for (size_t i = 0; i < x.size(); i++) {
                if (x[i] != y[i]) {
                    if (mismatches++ < 5) std::printf("  %s byte %zu: 0x%02x vs 0x%02x\n", o.first.c_str(), i,
                                                      (unsigned char)x[i], (unsigned char)y[i]);
                } else {
                    ++exact;
                }
            }
        }
        std::printf("  %-10s %-4s %8zu %s, %zu identical, %zu beyond tolerance%s\n", o.first.c_str(),
                    o.second.c_str(), elements, o.second[0] == 'f' ? "elements" : "bytes", exact, mismatches,
                    o.second[0] == 'f' ? (" (worst " + std::to_string(worst) + " ulps)").c_str() : "");
        if (mismatches) ++bad;
    }
    return bad ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[1]) == "run") return run(argv[2], argv[3]);
    if (argc == 5 && std::string(argv[1]) == "compare") return compare(argv[2], argv[3], argv[4]);
    std::fprintf(stderr, "usage: ptx-run run DIR OUT | ptx-run compare DIR A B\n");
    return 2;
}
