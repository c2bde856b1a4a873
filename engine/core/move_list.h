// Fixed-capacity move list shared by every game: no allocation in move generation. Each game
// picks a capacity that bounds the legal moves of any position its FEN parser admits.
#ifndef TUMEN_ENGINE_CORE_MOVE_LIST_H_
#define TUMEN_ENGINE_CORE_MOVE_LIST_H_

namespace tumen {

template <class Move, int Capacity>
class FixedMoveList {
 public:
  static constexpr int kCapacity = Capacity;
  void push_back(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  void truncate(int n) { size_ = n; }  // keeps the first n moves
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  Move moves_[Capacity];
  int size_ = 0;
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_MOVE_LIST_H_
