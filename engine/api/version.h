// The engine's name and version, as UCI and the farm's game records report it.
#ifndef TUMEN_ENGINE_API_VERSION_H_
#define TUMEN_ENGINE_API_VERSION_H_

namespace tumen {

inline constexpr char kEngineVersion[] = "tumen 0.2";

}  // namespace tumen

#endif  // TUMEN_ENGINE_API_VERSION_H_
