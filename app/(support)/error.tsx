"use client";

export { default } from "../(portal)/error";
