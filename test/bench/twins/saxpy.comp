#version 450
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) buffer Y { float y[]; };
layout(push_constant) uniform P { uint n; float a; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  // precise: rounded as C++ rounds (the ampvk kernel's NoContraction).
  if (i < n) { precise float r = a * x[i] + y[i]; y[i] = r; }
}
