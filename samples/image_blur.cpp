// A separable Gaussian blur of an 8-bit RGBA image, written twice in C++ AMP:
//   textures     the image is a texture<unorm_4, 2> of 8 bits per channel; each
//                pass reads through a texture_view<const unorm_4, 2> with a
//                point sampler that clamps at the edges (the hardware does
//                the addressing and the 8-bit to float conversion) and writes
//                through a texture_view<unorm_4, 2>;
//   array_view   the same passes on the image packed as one unsigned int per
//                pixel, unpacked, clamped and packed again by hand.
// Both are checked against a host reference (every channel within 1 of it:
// the device may round the last float operation differently).
//
//   image_blur                      checks both on a 512 x 384 image
//   image_blur --bench [N] [--reps R]
//                                   also times both on an N x N image (default
//                                   2048): the mean of R (default 20) blurs
//                                   after a warm-up, ended by
//                                   accelerator_view::wait, and their ratio
#include <amp.h>
#include <amp_graphics.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

constexpr int Radius = 4;
// Binomial weights of row 8 of Pascal's triangle, / 256.
constexpr float Weights[2 * Radius + 1] = {1 / 256.0f,  8 / 256.0f,  28 / 256.0f,
                                           56 / 256.0f, 70 / 256.0f, 56 / 256.0f,
                                           28 / 256.0f, 8 / 256.0f,  1 / 256.0f};

// A test picture: gradients, rings and a checkerboard, so that every
// channel varies at every scale.
std::vector<unsigned char> makeImage(int w, int h) {
  std::vector<unsigned char> rgba(static_cast<std::size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      unsigned char *p = &rgba[(static_cast<std::size_t>(y) * w + x) * 4];
      const float dx = x - w / 2.0f, dy = y - h / 2.0f;
      p[0] = static_cast<unsigned char>(255 * x / (w - 1));
      p[1] = static_cast<unsigned char>(127.5f + 127.5f * std::sin(std::sqrt(dx * dx + dy * dy) / 6));
      p[2] = ((x / 8 + y / 8) % 2) ? 230 : 20;
      p[3] = static_cast<unsigned char>(255 * y / (h - 1));
    }
  return rgba;
}

std::vector<unsigned char> hostBlur(const std::vector<unsigned char> &in, int w, int h) {
  std::vector<float> tmp(in.size());
  std::vector<unsigned char> out(in.size());
  auto clampTo = [](int v, int n) { return v < 0 ? 0 : v >= n ? n - 1 : v; };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 4; ++c) {
        float s = 0;
        for (int k = -Radius; k <= Radius; ++k)
          s += Weights[k + Radius] * (in[(static_cast<std::size_t>(y) * w + clampTo(x + k, w)) * 4 + c] / 255.0f);
        tmp[(static_cast<std::size_t>(y) * w + x) * 4 + c] = std::round(s * 255.0f) / 255.0f;
      }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 4; ++c) {
        float s = 0;
        for (int k = -Radius; k <= Radius; ++k)
          s += Weights[k + Radius] * tmp[(static_cast<std::size_t>(clampTo(y + k, h)) * w + x) * 4 + c];
        out[(static_cast<std::size_t>(y) * w + x) * 4 + c] =
            static_cast<unsigned char>(std::lround(s * 255.0f));
      }
  return out;
}

// One pass along x (Dx = 1) or y (Dy = 1) through textures.
void texturePass(const texture<unorm_4, 2> &src, texture<unorm_4, 2> &dst, int dx, int dy) {
  texture_view<const unorm_4, 2> in(src);
  texture_view<unorm_4, 2> out(dst);
  const float w = static_cast<float>(src.extent[1]), h = static_cast<float>(src.extent[0]);
  sampler clampPoint(filter_point, address_clamp);
  parallel_for_each(dst.extent, [=](index<2> idx) restrict(amp) {
    float_4 sum(0.0f);
    for (int k = -Radius; k <= Radius; ++k) {
      float_2 at((idx[1] + dx * k + 0.5f) / w, (idx[0] + dy * k + 0.5f) / h);
      unorm_4 v = in.sample(clampPoint, at);
      sum += Weights[k + Radius] * float_4(v.r, v.g, v.b, v.a);
    }
    out.set(idx, unorm_4(sum.r, sum.g, sum.b, sum.a));
  });
}

void blurTextures(texture<unorm_4, 2> &image, texture<unorm_4, 2> &tmp) {
  texturePass(image, tmp, 1, 0);
  texturePass(tmp, image, 0, 1);
}

float channel(unsigned p, int c) restrict(amp) {
  return static_cast<float>((p >> (8 * c)) & 0xFFu) / 255.0f;
}
unsigned pack(float_4 v) restrict(amp) {
  auto q = [](float f) restrict(amp) {
    f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
    return static_cast<unsigned>(f * 255.0f + 0.5f);
  };
  return q(v.r) | (q(v.g) << 8) | (q(v.b) << 16) | (q(v.a) << 24);
}

void arrayPass(const array<unsigned, 2> &src, array<unsigned, 2> &dst, int dx, int dy) {
  const int w = src.extent[1], h = src.extent[0];
  parallel_for_each(dst.extent, [&src, &dst, dx, dy, w, h](index<2> idx) restrict(amp) {
    float_4 sum(0.0f);
    for (int k = -Radius; k <= Radius; ++k) {
      int x = idx[1] + dx * k, y = idx[0] + dy * k;
      x = x < 0 ? 0 : x >= w ? w - 1 : x;
      y = y < 0 ? 0 : y >= h ? h - 1 : y;
      const unsigned p = src(y, x);
      sum += Weights[k + Radius] * float_4(channel(p, 0), channel(p, 1), channel(p, 2), channel(p, 3));
    }
    dst[idx] = pack(sum);
  });
}

void blurArrays(array<unsigned, 2> &image, array<unsigned, 2> &tmp) {
  arrayPass(image, tmp, 1, 0);
  arrayPass(tmp, image, 0, 1);
}

int mismatches(const std::vector<unsigned char> &got, const std::vector<unsigned char> &want) {
  int bad = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    bad += std::abs(int(got[i]) - int(want[i])) > 1;
  return bad;
}

// Milliseconds per blur: the mean of reps after one warm-up.
template <typename F> double timeBlur(F blur, int reps) {
  accelerator_view av = accelerator().default_view;
  blur();
  av.wait();
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    blur();
  av.wait();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() /
         reps;
}

} // namespace

int main(int argc, char **argv) {
  bool bench = false;
  int n = 2048, reps = 20;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--bench")
      bench = true;
    else if (a == "--reps" && i + 1 < argc)
      reps = std::atoi(argv[++i]);
    else if (std::atoi(a.c_str()) > 0)
      n = std::atoi(a.c_str());
    else {
      std::cerr << "usage: image_blur [--bench [N] [--reps R]]\n";
      return 2;
    }
  }
  const int w = bench ? n : 512, h = bench ? n : 384;
  const std::vector<unsigned char> input = makeImage(w, h);
  const std::vector<unsigned char> want = hostBlur(input, w, h);
  const unsigned bytes = static_cast<unsigned>(input.size());

  texture<unorm_4, 2> image(h, w, input.data(), bytes, 8u), tmp(h, w, 8u);
  blurTextures(image, tmp);
  std::vector<unsigned char> viaTextures(input.size());
  copy(image, viaTextures.data(), bytes);

  std::vector<unsigned> packed(static_cast<std::size_t>(w) * h);
  std::memcpy(packed.data(), input.data(), bytes);
  array<unsigned, 2> pixels(h, w, packed.begin()), scratch(h, w);
  blurArrays(pixels, scratch);
  packed = pixels;
  std::vector<unsigned char> viaArrays(input.size());
  std::memcpy(viaArrays.data(), packed.data(), bytes);

  const int badTextures = mismatches(viaTextures, want), badArrays = mismatches(viaArrays, want);
  std::cout << "image_blur " << w << "x" << h << ": textures "
            << (badTextures ? "FAILED (" + std::to_string(badTextures) + " channels off)" : "PASSED")
            << ", array_view " << (badArrays ? "FAILED (" + std::to_string(badArrays) + " channels off)" : "PASSED")
            << "\n";
  if (bench) {
    // In turn, three times each: the GPU has slow phases.
    for (int round = 0; round < 3; ++round) {
      const double t = timeBlur([&] { blurTextures(image, tmp); }, reps);
      const double a = timeBlur([&] { blurArrays(pixels, scratch); }, reps);
      std::cout << std::fixed << std::setprecision(3) << "  " << w << "x" << h
                << " blur: textures " << t << " ms, array_view " << a
                << " ms, textures/array_view time " << std::setprecision(2) << t / a << "\n";
    }
  }
  return badTextures || badArrays ? 1 : 0;
}
