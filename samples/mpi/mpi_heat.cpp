// A 2-D heat (Jacobi) stencil split by rows over MPI ranks, one rank per
// accelerator: rank r runs on hardware-or-Vulkan accelerator r mod count (the
// CPU accelerator, which runs no kernels, is skipped). Each rank keeps its
// band of rows with `depth` halo rows above and below in two array_views over
// host vectors, and steps from one into the other.
//
// The neighbours' rows arrive every `depth` iterations: a round. The k-th
// iteration of a round computes rows [k, local - k) of the band (one row
// fewer at each end each time: the rows the neighbours would have sent are
// computed here again). Of those, the rows within k of a halo depend on the
// neighbours' rows, `depth` at each end (the edges); the rest (the bulk) only
// on the rank's own. So a round ends with its edges; their last `depth` rows
// at each end start home (synchronize_async of their sections), and the next
// round's bulk is launched before its halo rows arrive: the accelerator
// computes it while the rows travel home, go to the neighbours (MPI_Sendrecv)
// into the halo rows, and refresh() of those rows' sections tells the view the
// host changed them. Then the next round's edges. Only the edge and halo rows
// cross between host and accelerator.
//
// Rank 0 gathers the result and compares it with the same iterations computed
// on the host.
//
//   mpirun -n 2 ./mpi_heat [rows cols iterations [depth]]
#include <amp.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace concurrency;

static std::string narrow(const std::wstring &w) { return std::string(w.begin(), w.end()); }

// One Jacobi step on the host: the reference.
static void step_host(const std::vector<float> &in, std::vector<float> &out, int rows, int cols) {
  out = in;
  for (int i = 1; i < rows - 1; ++i)
    for (int j = 1; j < cols - 1; ++j)
      out[i * cols + j] = 0.25f * (in[(i - 1) * cols + j] + in[(i + 1) * cols + j] +
                                   in[i * cols + j - 1] + in[i * cols + j + 1]);
}

static float initial(int i, int j, int rows, int cols) {
  if (i == 0)
    return 100.0f; // a hot top edge
  if (i == rows - 1 || j == 0 || j == cols - 1)
    return 0.0f;
  return static_cast<float>((i * 7 + j * 13) % 17); // a non-trivial interior
}

// The band's row i after one Jacobi step of cur, at column j. The grid's top
// and bottom rows and its outer columns keep their values, and so do rows
// beyond them (halo rows of the first and last ranks, which no neighbour
// fills); `top` is the grid row of the band's row `depth`.
static float stepped(const array_view<const float, 2> &cur, int i, int j, int top, int depth,
                     int grid_rows) restrict(amp) {
  const int g = top + i - depth; // row in the whole grid
  if (g <= 0 || g >= grid_rows - 1 || j == 0 || j == cur.extent[1] - 1)
    return cur(i, j);
  return 0.25f * (cur(i - 1, j) + cur(i + 1, j) + cur(i, j - 1) + cur(i, j + 1));
}

// One Jacobi step of the band's rows [first, first + count): cur to next.
static void step(const accelerator_view &av, const array_view<const float, 2> &cur,
                 const array_view<float, 2> &next, int first, int count, int top, int depth,
                 int grid_rows) {
  if (count <= 0)
    return;
  array_view<float, 2> out = next.section(index<2>(first, 0), extent<2>(count, cur.extent[1]));
  parallel_for_each(av, out.extent, [=](index<2> idx) restrict(amp) {
    out[idx] = stepped(cur, first + idx[0], idx[1], top, depth, grid_rows);
  });
}

// The edges of a round's k-th iteration: the `depth` rows at each end of what
// it computes, [k, depth + k) and [own + depth - k, own + 2 depth - k), in one
// kernel (they are few: one launch rather than two).
static void step_edges(const accelerator_view &av, const array_view<const float, 2> &cur,
                       const array_view<float, 2> &next, int k, int own, int top, int depth,
                       int grid_rows) {
  const int cols = cur.extent[1];
  array_view<float, 2> upper = next.section(index<2>(k, 0), extent<2>(depth, cols));
  array_view<float, 2> lower = next.section(index<2>(own + depth - k, 0), extent<2>(depth, cols));
  parallel_for_each(av, extent<2>(2 * depth, cols), [=](index<2> idx) restrict(amp) {
    const int j = idx[1];
    if (idx[0] < depth)
      upper(idx[0], j) = stepped(cur, k + idx[0], j, top, depth, grid_rows);
    else
      lower(idx[0] - depth, j) = stepped(cur, own - k + idx[0], j, top, depth, grid_rows);
  });
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int rows = argc > 1 ? std::atoi(argv[1]) : 256;
  const int cols = argc > 2 ? std::atoi(argv[2]) : 256;
  const int iterations = argc > 3 ? std::atoi(argv[3]) : 100;
  const int depth = argc > 4 ? std::atoi(argv[4]) : 1;

  // One rank per accelerator.
  std::vector<accelerator> devices;
  for (const accelerator &a : accelerator::get_all())
    if (a.device_path != accelerator::cpu_accelerator)
      devices.push_back(a);
  if (devices.empty()) {
    std::fprintf(stderr, "rank %d: no accelerator can run kernels\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  accelerator acc = devices[rank % devices.size()];
  accelerator_view av = acc.default_view;
  std::printf("rank %d of %d: %s\n", rank, size, narrow(acc.description).c_str());
  std::fflush(stdout);

  // Rows [first, first + own) of the grid are this rank's; its block has
  // `depth` halo rows above and below (unused at the grid's top and bottom).
  const int base = rows / size, extra = rows % size;
  const int own = base + (rank < extra ? 1 : 0);
  const int first = rank * base + std::min(rank, extra);
  if (depth < 1 || own < 2 * depth) {
    if (rank == 0)
      std::fprintf(stderr, "mpi_heat: the halo depth must be at least 1 and at most half of "
                           "the rows of a rank (%d)\n", base / 2);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  const int local = own + 2 * depth;
  std::vector<float> blocks[3];
  for (std::vector<float> &block : blocks)
    block.assign(local * cols, 0.0f);
  for (int i = 0; i < own; ++i)
    for (int j = 0; j < cols; ++j)
      blocks[0][(i + depth) * cols + j] = initial(first + i, j, rows, cols);
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;

  // The edge rows ([depth, 2 depth) and [own, own + depth)) go to the
  // neighbours' halo rows ([own + depth, local) and [0, depth) of theirs),
  // theirs into ours.
  const int halo = depth * cols;
  auto exchange = [&](std::vector<float> &block) {
    MPI_Sendrecv(&block[depth * cols], halo, MPI_FLOAT, up, 0, &block[(own + depth) * cols], halo,
                 MPI_FLOAT, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&block[own * cols], halo, MPI_FLOAT, down, 1, &block[0], halo, MPI_FLOAT, up, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  };
  exchange(blocks[0]); // before the views: the host data is all there is

  // Three views: a round steps between the two that do not hold its start,
  // so the start, whose edge rows the host sends while the next round's bulk
  // runs, is never overwritten meanwhile.
  array_view<float, 2> views[3] = {array_view<float, 2>(local, cols, blocks[0]),
                                   array_view<float, 2>(local, cols, blocks[1]),
                                   array_view<float, 2>(local, cols, blocks[2])};
  views[1].discard_data(); // every row a kernel reads is written first
  views[2].discard_data();
  auto rows_of = [&](const array_view<float, 2> &v, int i, int count) {
    return v.section(index<2>(i, 0), extent<2>(count, cols));
  };
  // The view the k-th iteration of a round that starts in views[s] writes:
  // the one after s for odd k, the other for even k; it reads the previous
  // iteration's, views[s] for the first.
  auto written = [](int s, int k) { return k == 0 ? s : (s + 2 - k % 2) % 3; };
  auto bulk = [&](int s, int length) {
    for (int k = 1; k <= length; ++k)
      step(av, views[written(s, k - 1)], views[written(s, k)], depth + k, own - 2 * k, first,
           depth, rows);
  };

  MPI_Barrier(MPI_COMM_WORLD);
  double start = MPI_Wtime();
  int s = 0; // views[s] holds the start of the round
  bulk(s, std::min(depth, iterations));
  for (int done = 0; done < iterations;) {
    const int length = std::min(depth, iterations - done);
    for (int k = 1; k <= length; ++k)
      step_edges(av, views[written(s, k - 1)], views[written(s, k)], k, own, first, depth, rows);
    s = written(s, length);
    done += length;
    if (done == iterations)
      break;
    // The edge rows start home: the copies are recorded now, behind the
    // edges' kernels and before the next round's bulk, which the accelerator
    // then computes while the rows travel.
    completion_future to_up, to_down;
    if (up != MPI_PROC_NULL)
      to_up = rows_of(views[s], depth, depth).synchronize_async();
    if (down != MPI_PROC_NULL)
      to_down = rows_of(views[s], own, depth).synchronize_async();
    bulk(s, std::min(depth, iterations - done));
    av.flush(); // the bulk starts now, not at the next wait
    if (to_up.valid())
      to_up.get();
    if (to_down.valid())
      to_down.get();
    exchange(blocks[s]);
    if (up != MPI_PROC_NULL)
      rows_of(views[s], 0, depth).refresh();
    if (down != MPI_PROC_NULL)
      rows_of(views[s], own + depth, depth).refresh();
  }
  rows_of(views[s], depth, own).synchronize();
  // The rest is scratch: without this, the views' destruction would bring
  // the rows the last iterations wrote beyond the rank's own home too.
  for (array_view<float, 2> &v : views)
    v.discard_data();
  double seconds = MPI_Wtime() - start;
  const std::vector<float> &block = blocks[s];

  // Gather the owned rows on rank 0.
  std::vector<int> counts(size), offsets(size);
  for (int r = 0; r < size; ++r) {
    counts[r] = (base + (r < extra ? 1 : 0)) * cols;
    offsets[r] = (r * base + std::min(r, extra)) * cols;
  }
  std::vector<float> grid(rank == 0 ? rows * cols : 0);
  MPI_Gatherv(&block[depth * cols], own * cols, MPI_FLOAT, grid.data(), counts.data(), offsets.data(),
              MPI_FLOAT, 0, MPI_COMM_WORLD);
  double slowest = 0.0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  int status = 0;
  if (rank == 0) {
    std::vector<float> ref(rows * cols), tmp;
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j)
        ref[i * cols + j] = initial(i, j, rows, cols);
    for (int it = 0; it < iterations; ++it) {
      step_host(ref, tmp, rows, cols);
      ref.swap(tmp);
    }
    double max_error = 0.0;
    for (int k = 0; k < rows * cols; ++k)
      max_error = std::max(max_error, static_cast<double>(std::fabs(grid[k] - ref[k])));
    bool ok = max_error <= 1e-4;
    std::printf("heat %dx%d, %d iterations on %d ranks, halo depth %d: %.3f s\n", rows, cols,
                iterations, size, depth, slowest);
    std::printf("check against the host: %s (max abs error %g)\n", ok ? "PASSED" : "FAILED",
                max_error);
    status = ok ? 0 : 1;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
