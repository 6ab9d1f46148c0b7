fn main() {
    println!("wythoff: CLI under construction");
}
