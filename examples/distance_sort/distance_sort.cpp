// Distance sorting for transparency (the hybrid sort seed's use case): triangles sorted back to
// front by the distance of their centroid to a camera, key = -distance (float), value = triangle
// index (u32). Scenes of ~1.5M and ~5M triangles are generated (or a Wavefront OBJ mesh is read
// with --mesh FILE).
//
// Every key-value sorter of the benchmark registry (perf_tests/BenchRegistry.hpp: the package's
// algorithms, hybrid sort with and without the shuffle option, and on CUDA CUB's radix and merge
// sorts and thrust) sorts two inputs per scene, from the same run:
//   fresh       frame 0's distances in generation order;
//   next frame  the camera moved by a small step (--step), frame 1's distances laid out in
//               frame 0's sorted order: nearly sorted input, the case the shuffle is for.
// Every result is verified (distances non-increasing, every index once, beside its own
// distance) and the median times are printed as a table (rows sorters, columns scene x input),
// optionally also written as markdown (--out). The registry's keys-only peers (no key-value
// interface: Kokkos::sort, KokkosKernels' bitonic sort, std::sort, ...) are timed on the same
// keys without values in a separate table (--pairs-only leaves them out); they move half the
// bytes and are not comparable with the key-value rows.
//   distance_sort [--triangles N]... [--mesh FILE.obj [--instances K]...] [--reps R] [--step D]
//                 [--cap S] [--pairs-only] [--out FILE.md]
// --instances K: the mesh copied K times over the scene (instance_mesh), one scene per K.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../../perf_tests/BenchRegistry.hpp"

namespace {

using KokkosSortBench::Sorter;
using Exec = Kokkos::DefaultExecutionSpace;
using Mem = Exec::memory_space;
using KeyView = Kokkos::View<float*, Mem>;
using IndexView = Kokkos::View<std::uint32_t*, Mem>;

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

// A real mesh as the seed's scenes use it: K copies (a crowd, a forest) on a jittered grid over
// the generated scenes' ground, x in [-100, 100], z in [0, 200], each scaled to about 8 units,
// turned about the vertical axis and set on the ground. Triangle counts of millions from a
// model of thousands (Debian's assimp-testmodels ship models of 0.3k-4k triangles).
std::vector<Tri> instance_mesh(const std::vector<Tri>& mesh, std::size_t copies, std::uint64_t seed) {
  if (mesh.empty() || copies == 0) throw std::runtime_error("--instances needs a non-empty mesh and K >= 1");
  float lo[3] = {mesh[0].c[0], mesh[0].c[1], mesh[0].c[2]}, hi[3] = {lo[0], lo[1], lo[2]};
  for (const auto& t : mesh)
    for (int d = 0; d < 3; ++d) {
      lo[d] = std::min(lo[d], t.c[d]);
      hi[d] = std::max(hi[d], t.c[d]);
    }
  const float extent = std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2], 1e-6f});
  const float scale = 8.f / extent, mid[3] = {(lo[0] + hi[0]) / 2, lo[1], (lo[2] + hi[2]) / 2};
  const std::size_t side = std::size_t(std::ceil(std::sqrt(double(copies))));
  const float cell = 200.f / float(side);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  std::vector<Tri> out;
  out.reserve(mesh.size() * copies);
  for (std::size_t c = 0; c < copies; ++c) {
    const float x0 = -100.f + (float(c % side) + 0.25f + 0.5f * u(rng)) * cell;
    const float z0 = (float(c / side) + 0.25f + 0.5f * u(rng)) * cell;
    const float a = 6.2831853f * u(rng), ca = std::cos(a), sa = std::sin(a), s = scale * (0.75f + 0.5f * u(rng));
    for (const auto& t : mesh) {
      const float x = (t.c[0] - mid[0]) * s, y = (t.c[1] - mid[1]) * s, z = (t.c[2] - mid[2]) * s;
      out.push_back({{x0 + ca * x - sa * z, y, z0 + sa * x + ca * z}});
    }
  }
  return out;
}

std::vector<float> distances(const std::vector<Tri>& tris, const float cam[3]) {
  std::vector<float> dist(tris.size());
  for (std::size_t i = 0; i < tris.size(); ++i) {
    const float dx = tris[i].c[0] - cam[0], dy = tris[i].c[1] - cam[1], dz = tris[i].c[2] - cam[2];
    dist[i] = std::sqrt(dx * dx + dy * dy + dz * dz);
  }
  return dist;
}

// Back-to-front order of the triangles (ties by index), computed on the host independently of
// every sorter under test.
std::vector<std::uint32_t> back_to_front(const std::vector<float>& dist) {
  std::vector<std::uint32_t> order(dist.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return dist[a] > dist[b] || (dist[a] == dist[b] && a < b);
  });
  return order;
}

template <class T>
Kokkos::View<T*, Mem> to_device(const char* label, const std::vector<T>& host) {
  Kokkos::View<T*, Mem> d(std::string(label), host.size());
  auto h = Kokkos::create_mirror_view(d);
  for (std::size_t i = 0; i < host.size(); ++i) h(i) = host[i];
  Kokkos::deep_copy(d, h);
  return d;
}

// One input to sort: triangle `order[i]` at position i, its key -dist[order[i]].
struct Input {
  std::string name;
  std::vector<float> dist;         // distance of every triangle in this frame
  KeyView dist_d;                  // the same on the device
  IndexView order_d;               // layout of the input: triangle indices
  std::vector<float> sorted_keys;  // expected keys after sorting (keys-only verification)
  double out_of_order = 0;         // fraction of adjacent input pairs out of order
  double mean_shift = 0, max_shift = 0;  // distance of a key from its sorted place, fraction of n
};

Input make_input(const std::string& name, std::vector<float> dist, const std::vector<std::uint32_t>& layout) {
  Input in;
  in.name = name;
  in.dist = std::move(dist);
  in.dist_d = to_device("dist", in.dist);
  in.order_d = to_device("layout", layout);
  const auto order = back_to_front(in.dist);
  in.sorted_keys.resize(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) in.sorted_keys[i] = -in.dist[order[i]];
  const std::size_t n = layout.size();
  std::size_t inversions = 0;
  for (std::size_t i = 1; i < n; ++i) inversions += in.dist[layout[i]] > in.dist[layout[i - 1]];
  in.out_of_order = n > 1 ? double(inversions) / double(n - 1) : 0.0;
  std::vector<std::size_t> place(n);
  for (std::size_t i = 0; i < n; ++i) place[order[i]] = i;
  double sum = 0, most = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double shift = std::fabs(double(place[layout[i]]) - double(i));
    sum += shift;
    most = std::max(most, shift);
  }
  in.mean_shift = n ? sum / double(n) / double(n) : 0.0;
  in.max_shift = n ? most / double(n) : 0.0;
  return in;
}

// Key = -distance: ascending keys are back to front. (A free function: nvcc wants device
// lambdas outside of templates on local lambda types.)
void fill(const Input& in, const KeyView& keys, const IndexView& values, bool with_values) {
  const KeyView dist = in.dist_d;
  const IndexView order = in.order_d;
  if (with_values)
    Kokkos::parallel_for("fill_pairs", Kokkos::RangePolicy<Exec>(0, dist.extent(0)), KOKKOS_LAMBDA(const std::size_t i) {
      keys(i) = -dist(order(i));
      values(i) = order(i);
    });
  else
    Kokkos::parallel_for("fill_keys", Kokkos::RangePolicy<Exec>(0, dist.extent(0)),
                         KOKKOS_LAMBDA(const std::size_t i) { keys(i) = -dist(order(i)); });
  Kokkos::fence();
}

// Verifies the back-to-front order: distances non-increasing, every index once and beside
// its own distance.
bool verify_pairs(const std::vector<float>& dist, const KeyView& keys, const IndexView& values) {
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

// Keys-only: the keys are exactly the expected sorted sequence.
bool verify_keys(const std::vector<float>& sorted_keys, const KeyView& keys) {
  auto k = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), keys);
  for (std::size_t i = 0; i < sorted_keys.size(); ++i)
    if (k(i) != sorted_keys[i]) return false;
  return true;
}

struct Cell {
  std::string skipped;  // why it did not run ("" = it ran)
  double seconds = 0;   // median
  int runs = 0;
  bool verified = false;
};

// Times one sorter on one input: a warm-up, then the median of `reps` runs. A warm-up longer
// than `cap` seconds is the only run.
Cell measure(const Sorter<float>& sorter, bool pairs, const Input& in, int reps, double cap) {
  Cell cell;
  const std::size_t n = in.dist.size();
  if (n > sorter.max_n) {
    cell.skipped = "n > max_n";
    return cell;
  }
  if (sorter.prepare) sorter.prepare(n);
  KeyView keys(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("keys")), n);
  IndexView values;
  if (pairs) values = IndexView(Kokkos::view_alloc(Kokkos::WithoutInitializing, std::string("values")), n);
  std::vector<double> times;
  for (int r = 0; r <= reps; ++r) {  // r = 0 warms up
    fill(in, keys, values, pairs);
    Kokkos::Timer timer;
    if (pairs)
      sorter.pairs(keys, values);
    else
      sorter.keys(keys);
    Kokkos::fence();
    const double t = timer.seconds();
    if (r > 0) times.push_back(t);
    if (r == 0 && t > cap) {
      times.push_back(t);
      break;
    }
  }
  std::sort(times.begin(), times.end());
  cell.seconds = times[times.size() / 2];
  cell.runs = int(times.size());
  cell.verified = pairs ? verify_pairs(in.dist, keys, values) : verify_keys(in.sorted_keys, keys);
  return cell;
}

std::string fmt(const char* f, double a, double b = 0) {
  char buf[256];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

std::string cell_text(const Cell& c, std::size_t n) {
  if (!c.skipped.empty()) return "- (" + c.skipped + ")";
  std::string s = fmt("%.3f ms, %.1f Mkeys/s", 1e3 * c.seconds, double(n) / c.seconds / 1e6);
  if (c.runs == 1) s += " (1 run)";
  return s + (c.verified ? ", verified" : ", VERIFICATION FAILED");
}

// A markdown table with padded columns (readable as plain text too).
std::string table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> w(header.size(), 3);
  for (std::size_t j = 0; j < header.size(); ++j) w[j] = std::max(w[j], header[j].size());
  for (const auto& r : rows)
    for (std::size_t j = 0; j < r.size(); ++j) w[j] = std::max(w[j], r[j].size());
  auto line = [&](const std::vector<std::string>& r) {
    std::string s = "|";
    for (std::size_t j = 0; j < w.size(); ++j) {
      const std::string x = j < r.size() ? r[j] : "";
      s += " " + x + std::string(w[j] - x.size(), ' ') + " |";
    }
    return s + "\n";
  };
  std::string out = line(header) + "|";
  for (auto x : w) out += std::string(x + 2, '-') + "|";
  out += "\n";
  for (const auto& r : rows) out += line(r);
  return out;
}

void usage() {
  std::fprintf(stderr,
               "usage: distance_sort [--triangles N]... [--mesh FILE.obj [--instances K]...] [--reps R] [--step D] [--cap S]\n"
               "                     [--pairs-only] [--out FILE.md]\n"
               "  --triangles N  generated scene of N triangles (repeatable; default 1500000 and 5000000)\n"
               "  --mesh FILE    Wavefront OBJ scene\n"
               "  --instances K  the mesh copied K times over the ground (repeatable)\n"
               "  --reps R       timed runs per cell after a warm-up, median reported (default 5)\n"
               "  --step D       camera move between frame 0 and frame 1 (scene units, default 0.1)\n"
               "  --cap S        a warm-up longer than S seconds is the only run (default 5)\n"
               "  --pairs-only   leave out the registry's keys-only peers\n"
               "  --out FILE.md  also write the tables as markdown\n");
}

}  // namespace

int main(int argc, char** argv) {
  Kokkos::initialize(argc, argv);
  int rc = 0;
  try {
    std::vector<std::size_t> sizes, instances;
    std::string mesh, out_path;
    int reps = 5;
    double step = 0.1, cap = 5.0;
    bool pairs_only = false;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      const bool has = i + 1 < argc;
      if (a == "--triangles" && has) sizes.push_back(std::stoull(argv[++i]));
      else if (a == "--mesh" && has) mesh = argv[++i];
      else if (a == "--instances" && has) instances.push_back(std::stoull(argv[++i]));
      else if (a == "--reps" && has) reps = std::max(1, std::atoi(argv[++i]));
      else if (a == "--step" && has) step = std::atof(argv[++i]);
      else if (a == "--cap" && has) cap = std::atof(argv[++i]);
      else if (a == "--out" && has) out_path = argv[++i];
      else if (a == "--pairs-only") pairs_only = true;
      else if (a == "--help" || a == "-h") {
        usage();
        throw 0;
      } else {
        usage();
        throw std::runtime_error("unknown or incomplete argument " + a);
      }
    }
    if (sizes.empty() && mesh.empty()) sizes = {1500000, 5000000};
    std::vector<std::pair<std::string, std::vector<Tri>>> scenes;
    if (!instances.empty() && mesh.empty()) throw std::runtime_error("--instances needs --mesh");
    if (!mesh.empty()) {
      const auto model = read_obj(mesh);
      const std::string name = mesh.substr(mesh.find_last_of('/') + 1);
      if (instances.empty()) scenes.push_back({name, model});
      for (auto k : instances)
        scenes.push_back({name + " x" + std::to_string(k), instance_mesh(model, k, 7 + k)});
    }
    for (auto s : sizes) scenes.push_back({"generated " + std::to_string(s), generate_scene(s, 42 + s)});

    const auto all = KokkosSortBench::registry<float>();
    std::vector<const Sorter<float>*> kv, keys_only;
    for (const auto& s : all) (s.pairs ? kv : keys_only).push_back(&s);
    if (pairs_only) keys_only.clear();

    // The camera of frame 0 and, one small step to the side and forward, of frame 1.
    const float cam0[3] = {0.f, 40.f, -60.f};
    const float d = float(step / std::sqrt(2.0));
    const float cam1[3] = {cam0[0] + d, cam0[1], cam0[2] + d};

    std::vector<std::string> header = {"sorter"};
    std::vector<std::size_t> column_n;
    std::vector<std::vector<std::string>> kv_rows(kv.size()), ko_rows(keys_only.size());
    std::vector<std::vector<Cell>> kv_cells(kv.size());
    for (std::size_t r = 0; r < kv.size(); ++r) kv_rows[r].push_back(kv[r]->name);
    for (std::size_t r = 0; r < keys_only.size(); ++r) ko_rows[r].push_back(keys_only[r]->name);
    std::string notes;
    bool ok = true;

    for (auto& sc : scenes) {
      const auto& tris = sc.second;
      const std::size_t n = tris.size();
      std::vector<std::uint32_t> generation(n);
      std::iota(generation.begin(), generation.end(), 0u);
      auto dist0 = distances(tris, cam0);
      const auto order0 = back_to_front(dist0);
      std::vector<Input> inputs;
      inputs.push_back(make_input("fresh", std::move(dist0), generation));
      inputs.push_back(make_input("next frame", distances(tris, cam1), order0));
      std::string note = sc.first + ": " + std::to_string(n) + " triangles;";
      for (const auto& in : inputs)
        note += " " + in.name + ": " + fmt("%.1f%%", 100 * in.out_of_order) +
                " of adjacent pairs out of order, keys " +
                fmt("%.3f%% of n from their sorted place on average, %.3f%% at most", 100 * in.mean_shift,
                    100 * in.max_shift) +
                (&in == &inputs[0] ? ";" : "");
      std::printf("%s (on %s)\n", note.c_str(), Exec::name());
      notes += "- " + note + "\n";
      for (const auto& in : inputs) {
        header.push_back(sc.first + " / " + in.name);
        column_n.push_back(n);
        for (std::size_t r = 0; r < kv.size(); ++r) {
          const Cell c = measure(*kv[r], true, in, reps, cap);
          ok = ok && (!c.skipped.empty() || c.verified);
          kv_cells[r].push_back(c);
          kv_rows[r].push_back(cell_text(c, n));
          std::printf("  %-12s %-26s %s\n", in.name.c_str(), kv[r]->name.c_str(), kv_rows[r].back().c_str());
          std::fflush(stdout);
        }
        for (std::size_t r = 0; r < keys_only.size(); ++r) {
          const Cell c = measure(*keys_only[r], false, in, reps, cap);
          ok = ok && (!c.skipped.empty() || c.verified);
          ko_rows[r].push_back(cell_text(c, n));
          std::printf("  %-12s %-26s %s (keys only)\n", in.name.c_str(), keys_only[r]->name.c_str(),
                      ko_rows[r].back().c_str());
          std::fflush(stdout);
        }
      }
    }

    // The shuffle's cost and benefit: time with shuffle / time without, per column.
    std::string shuffle_line;
    const Sorter<float>* plain_s = nullptr;
    std::size_t plain = kv.size(), other = kv.size();
    for (std::size_t r = 0; r < kv.size(); ++r) {
      if (kv[r]->name == "hybrid_sort") plain = r, plain_s = kv[r];
      if (kv[r]->name == "hybrid_sort+shuffle" || kv[r]->name == "hybrid_sort-shuffle") other = r;
    }
    if (plain_s && other < kv.size()) {
      const bool default_shuffles = KokkosSort::Impl::HybridSortPolicy().shuffle;
      const std::size_t with = default_shuffles ? plain : other, without = default_shuffles ? other : plain;
      shuffle_line = "Shuffle, time with / time without (< 1: the shuffle pays off):";
      for (std::size_t c = 0; c < column_n.size(); ++c) {
        const Cell &a = kv_cells[with][c], &b = kv_cells[without][c];
        shuffle_line += " " + header[c + 1] + " " +
                        (a.skipped.empty() && b.skipped.empty() ? fmt("x%.2f", a.seconds / b.seconds) : "-") +
                        (c + 1 < column_n.size() ? ";" : "");
      }
      shuffle_line += "\n";
    }

    std::string md = std::string("Distance sort (key = -distance f32, value = u32 index) on ") + Exec::name() +
                     ": median of " + std::to_string(reps) + " runs after a warm-up; next frame = camera moved " +
                     fmt("%g", step) + ", input in the previous frame's sorted order.\n\n" + notes +
                     "\nKey-value sorters of the benchmark registry:\n\n" + table(header, kv_rows);
    if (!shuffle_line.empty()) md += "\n" + shuffle_line;
    if (!keys_only.empty())
      md += "\nKeys-only peers (no key-value interface; keys sorted alone, half the bytes moved: not comparable "
            "with the rows above):\n\n" +
            table(header, ko_rows);
    std::printf("\n%s", md.c_str());
    if (!out_path.empty()) {
      std::ofstream out(out_path);
      out << "# Distance sort\n\n" << md;
      if (!out) throw std::runtime_error("cannot write " + out_path);
    }
    rc = ok ? 0 : 1;
  } catch (int) {  // --help
    rc = 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "distance_sort: %s\n", e.what());
    rc = 2;
  }
  Kokkos::finalize();
  return rc;
}
