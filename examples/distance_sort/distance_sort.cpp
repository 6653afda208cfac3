// Distance sorting for transparency (the hybrid sort seed's use case): triangles sorted back to
// front by the distance of their centroid to a camera, key = distance, value = triangle index.
// Scenes of ~1.5M and ~5M triangles are generated (or a Wavefront OBJ mesh is read with
// --mesh FILE); each is sorted with hybrid sort without and with the shuffle pass and with
// radix_sort_by_key, every result is verified and the median times are printed.
//   distance_sort [--triangles N]... [--mesh FILE.obj] [--reps R]
#include <KokkosSort_HybridSort.hpp>
#include <KokkosSort_RadixSort.hpp>

#include <Kokkos_Core.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Tri {
  float c[3];  // centroid
};

// A terrain grid under a cloud of small spheres: distances spread over a wide range with dense
// clusters, as in the seed's scenes.
std::vector<Tri> generate_scene(std::size_t triangles, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  std::vector<Tri> out;
  out.reserve(triangles);
  const std::size_t terrain = triangles / 2;
  const std::size_t side = std::max<std::size_t>(1, std::size_t(std::sqrt(double(terrain) / 2)));
  for (std::size_t i = 0; out.size() < terrain; ++i) {
    const float x = float(i % side) / float(side) * 200.f - 100.f, z = float(i / side % side) / float(side) * 200.f;
    out.push_back({{x, 2.f * std::sin(0.1f * x) * std::cos(0.07f * z), z}});
  }
  while (out.size() < triangles) {
    const float cx = u(rng) * 160.f - 80.f, cy = 2.f + u(rng) * 30.f, cz = u(rng) * 180.f, r = 0.5f + 3.f * u(rng);
    const std::size_t per_sphere = 2000;
    for (std::size_t k = 0; k < per_sphere && out.size() < triangles; ++k) {
      const float th = 6.2831853f * u(rng), ph = std::acos(2.f * u(rng) - 1.f);
      out.push_back({{cx + r * std::sin(ph) * std::cos(th), cy + r * std::cos(ph), cz + r * std::sin(ph) * std::sin(th)}});
    }
  }
  return out;
}

// Wavefront OBJ: "v x y z" and "f a b c ..." (polygons are fanned into triangles).
std::vector<Tri> read_obj(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<std::array<float, 3>> v;
  std::vector<Tri> out;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "v") {
      std::array<float, 3> p{};
      ls >> p[0] >> p[1] >> p[2];
      v.push_back(p);
    } else if (tag == "f") {
      std::vector<long> idx;
      std::string tok;
      while (ls >> tok) {
        long i = std::stol(tok.substr(0, tok.find('/')));
        idx.push_back(i < 0 ? long(v.size()) + i : i - 1);
      }
      for (std::size_t k = 1; k + 1 < idx.size(); ++k) {
        Tri t;
        for (int d = 0; d < 3; ++d) t.c[d] = (v.at(idx[0])[d] + v.at(idx[k])[d] + v.at(idx[k + 1])[d]) / 3.f;
        out.push_back(t);
      }
    }
  }
  return out;
}

using Exec = Kokkos::DefaultExecutionSpace;
using Mem = Exec::memory_space;

// Verifies the back-to-front order: distances non-increasing, every index once and beside
// its own distance.
bool verify(const std::vector<float>& dist, const Kokkos::View<float*, Mem>& keys,
            const Kokkos::View<std::uint32_t*, Mem>& values) {
  auto k = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  auto v = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), values);
  std::vector<char> seen(dist.size(), 0);
  for (std::size_t i = 0; i < dist.size(); ++i) {
    if (v(i) >= dist.size() || seen[v(i)]) return false;
    seen[v(i)] = 1;
    if (-k(i) != dist[v(i)]) return false;
    if (i > 0 && k(i) < k(i - 1)) return false;
  }
  return true;
}

// Key = -distance: ascending keys are back to front. (Not inside the templated run(): nvcc
// rejects device lambdas in a function templated on a local lambda type.)
void fill_keys(const Kokkos::View<float*, Mem>& dist_d, const Kokkos::View<float*, Mem>& keys,
               const Kokkos::View<std::uint32_t*, Mem>& values) {
  Kokkos::parallel_for("negate", Kokkos::RangePolicy<Exec>(0, dist_d.extent(0)), KOKKOS_LAMBDA(const std::size_t i) {
    keys(i) = -dist_d(i);
    values(i) = std::uint32_t(i);
  });
  Kokkos::fence();
}

template <class SortFn>
double run(const char* name, const std::vector<float>& dist, const Kokkos::View<float*, Mem>& dist_d, int reps,
           SortFn&& sort, bool& ok) {
  const std::size_t n = dist.size();
  Kokkos::View<float*, Mem> keys("keys", n);
  Kokkos::View<std::uint32_t*, Mem> values("values", n);
  std::vector<double> times;
  for (int r = 0; r <= reps; ++r) {  // r = 0 warms up
    fill_keys(dist_d, keys, values);
    Kokkos::Timer timer;
    sort(keys, values);
    Kokkos::fence();
    if (r > 0) times.push_back(timer.seconds());
  }
  std::sort(times.begin(), times.end());
  const double t = times[times.size() / 2];
  const bool good = verify(dist, keys, values);
  ok = ok && good;
  std::printf("  %-22s %10.3f ms  %8.1f Mkeys/s  %s\n", name, 1e3 * t, double(n) / t / 1e6,
              good ? "verified" : "VERIFICATION FAILED");
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int rc = 0;
  {
    std::vector<std::size_t> sizes;
    std::string mesh;
    int reps = 5;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--triangles" && i + 1 < argc) sizes.push_back(std::stoull(argv[++i]));
      else if (a == "--mesh" && i + 1 < argc) mesh = argv[++i];
      else if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    }
    if (sizes.empty() && mesh.empty()) sizes = {1500000, 5000000};
    std::vector<std::pair<std::string, std::vector<Tri>>> scenes;
    if (!mesh.empty()) scenes.push_back({mesh, read_obj(mesh)});
    for (auto s : sizes) scenes.push_back({"generated " + std::to_string(s), generate_scene(s, 42 + s)});
    const float cam[3] = {0.f, 40.f, -60.f};
    bool ok = true;
    for (auto& sc : scenes) {
      const auto& tris = sc.second;
      std::vector<float> dist(tris.size());
      for (std::size_t i = 0; i < tris.size(); ++i) {
        const float dx = tris[i].c[0] - cam[0], dy = tris[i].c[1] - cam[1], dz = tris[i].c[2] - cam[2];
        dist[i] = std::sqrt(dx * dx + dy * dy + dz * dz);
      }
      Kokkos::View<float*, Mem> dist_d("dist", dist.size());
      auto h = Kokkos::create_mirror_view(dist_d);
      for (std::size_t i = 0; i < dist.size(); ++i) h(i) = dist[i];
      Kokkos::deep_copy(dist_d, h);
      std::printf("%s: %zu triangles on %s\n", sc.first.c_str(), tris.size(), Exec::name());
      KokkosSort::HybridSortOptions plain, shuffled;
      shuffled.shuffle = true;
      run("hybrid", dist, dist_d, reps,
          [&](auto& k, auto& v) { KokkosSort::hybrid_sort_by_key(Exec(), k, v, plain); }, ok);
      run("hybrid + shuffle", dist, dist_d, reps,
          [&](auto& k, auto& v) { KokkosSort::hybrid_sort_by_key(Exec(), k, v, shuffled); }, ok);
      run("radix_sort_by_key", dist, dist_d, reps,
          [&](auto& k, auto& v) { KokkosSort::radix_sort_by_key(Exec(), k, v); }, ok);
    }
    rc = ok ? 0 : 1;
  }
  Kokkos::finalize();
  return rc;
}
